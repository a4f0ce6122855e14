import { randomUUID } from 'node:crypto';
import { bankruptcyNoticeDueOn, dateInTimeZone, NOTICE_MESSAGES, type CreateNoticesResponse } from '@portal/contracts';
import type { BankruptcyNoticesDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { readUploadedTexts, type Uploads } from '../../platform/uploads.ts';
import { compareSsns } from '../customers/index.ts';
import { matchDebtor, wholeSsnsOf, type DebtorMatch } from './match-debtor.ts';
import { NOTICE_ENTITY } from './notice-audit.ts';
import { readNotice, type ParsedNotice } from './notice-parser.ts';
import { maskedParsedData, noticeSecretBox, SSN_FIELDS, sealNoticeSsn, type StoredParsedData } from './notice-ssn.ts';
import { insertNotices, updateNotice, type NewNotice } from './repository.ts';

// POST bankruptcy_notices/create_notices (bankruptcy.create_notices, the call's descriptor): every
// PDF becomes one notice, read (once) into parsed_data, its debtor matched to a customer, its file
// stored. A scanned PDF (no text layer) is kept with nothing parsed, for staff to read in the
// viewer; a file that is not a PDF, or that pdf.js cannot open, is reported by name and the others
// go on. All the rows are written in one transaction, after the files are stored: a notice never
// points at a file that is not there.

type ReadNotice = {
  fileName: string;
  content: Buffer;
  hasText: boolean;
  parsed: ParsedNotice;
};

type PreparedNotice = ReadNotice & { storageKey: string; match: DebtorMatch | null };

function parsedDataOf(parsed: ParsedNotice): StoredParsedData {
  const { type: _type, ...fields } = parsed;
  return fields;
}

export async function createNotices(
  context: Pick<BankruptcyNoticesDeps, 'db' | 'clock' | 'storage' | 'secretsKey' | 'businessTimeZone'>,
  actor: Actor,
  uploads: Uploads,
): Promise<CreateNoticesResponse> {
  const texts = await readUploadedTexts(uploads);
  const { failures } = texts;
  const read: ReadNotice[] = texts.read.map(({ file, text }) => {
    const { hasText, parsed } = readNotice(text);
    return { fileName: file.fileName, content: file.content, hasText, parsed };
  });

  // The whole SSNs the notices print, compared with customers' through the SSN door in one request
  // before anything is stored: past the uploader's limit it answers 429 and nothing is uploaded;
  // without customers.reveal_ssn nothing is compared and the debtors are matched by last four and name.
  const comparison = await compareSsns(
    context,
    actor,
    'notice_upload',
    read.flatMap((notice) => wholeSsnsOf(notice.parsed)),
  );

  // Files first, so a row never points at a missing file; if the transaction then fails, the files
  // stay behind unnamed by any row (harmless, and the upload can be sent again).
  const prepared: PreparedNotice[] = await Promise.all(
    read.map(async (notice) => {
      const storageKey = `bankruptcy-notices/${randomUUID()}.pdf`;
      const [match] = await Promise.all([
        matchDebtor(context.db, comparison, notice.parsed),
        context.storage.write(storageKey, notice.content),
      ]);
      return { ...notice, storageKey, match };
    }),
  );

  const box = noticeSecretBox(context);
  const now = context.clock.now();
  // The deadline engine's target, from the day the notices came (decision 047).
  const dueOn = bankruptcyNoticeDueOn(dateInTimeZone(now, context.businessTimeZone));
  const created = await context.db.transaction(async (tx) => {
    // Inserted without their whole SSNs, which are sealed with the row's id just after (without a
    // key, only their last four are kept).
    const rows: NewNotice[] = prepared.map((notice) => {
      const parsedData = parsedDataOf(notice.parsed);
      for (const field of SSN_FIELDS) {
        const value = parsedData[field];
        if (value !== null && value.length === 9) parsedData[field] = box ? null : value.slice(-4);
      }
      return {
        fileName: notice.fileName,
        storageKey: notice.storageKey,
        type: `BankruptcyNotice::${notice.parsed.type}`,
        parsedData,
        hasText: notice.hasText,
        customerId: notice.match?.customerId ?? null,
        customerMatch: notice.match?.match ?? null,
        createdBy: actor.employeeId,
        dueOn,
        createdAt: now,
        updatedAt: now,
      };
    });
    const ids = await insertNotices(tx, rows);
    for (const [index, id] of ids.entries()) {
      const notice = prepared[index]!;
      const row = rows[index]!;
      let parsedData = row.parsedData;
      if (box && SSN_FIELDS.some((field) => notice.parsed[field]?.length === 9)) {
        parsedData = { ...parsedData };
        for (const field of SSN_FIELDS)
          if (notice.parsed[field]?.length === 9)
            parsedData[field] = sealNoticeSsn(box, id, field, notice.parsed[field]!);
        await updateNotice(tx, id, { parsedData });
      }
      await recordAuditEvent(tx, {
        employeeId: actor.employeeId,
        action: 'bankruptcy_notice.created',
        entityType: NOTICE_ENTITY,
        entityId: id,
        after: {
          file_name: row.fileName,
          storage_key: row.storageKey,
          type: row.type,
          has_text: row.hasText,
          parsed_data: maskedParsedData(box, id, parsedData),
          customer_id: row.customerId,
          customer_match: row.customerMatch,
        },
        ipAddress: actor.ipAddress,
      });
    }
    return ids.map((id, index) => ({ id, file_name: prepared[index]!.fileName, has_text: prepared[index]!.hasText }));
  });

  return {
    success: true,
    message: NOTICE_MESSAGES.uploaded(created.length),
    notices: created,
    failed_files: failures,
    errors: failures.map((failure) => failure.error),
  };
}
