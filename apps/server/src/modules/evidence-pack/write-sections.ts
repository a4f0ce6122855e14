import type { Executor } from '@portal/db';
import { auditEventOfRow } from '../../platform/audit.ts';
import { findEmployeeNames } from '../session/index.ts';
import { AUDIT_HEADER, AUDIT_TRAIL_FILE, auditCsvRows, LOAN_CHANGES_FILE } from './audit-files.ts';
import { caseFiles } from './case-files.ts';
import { debitFiles } from './debit-files.ts';
import type { EvidencePackDeps } from './deps.ts';
import type { EvidenceRecord } from './evidence-reads.ts';
import {
  auditTrailQuery,
  customerMessagesOf,
  loanChangesQuery,
  messageOfRow,
  messageRowsQuery,
  unlinkedMessagesOf,
  type MessageRow,
} from './history-queries.ts';
import { loanFiles } from './loan-files.ts';
import {
  letterFile,
  lettersTableFile,
  MESSAGES_FILE,
  MESSAGES_HEADER,
  messageCsvRows,
  UNLINKED_MESSAGES_FILE,
} from './message-files.ts';
import { metro2Files } from './metro2-files.ts';
import { noteFiles } from './note-files.ts';
import { pagesOf, SLICE_ROWS } from './pack-cursor.ts';
import type { PackFile, PackSection, PackStamp } from './pack-file.ts';
import type { ManifestEntry } from './pack-index.ts';
import type { PackZip } from './pack-zip.ts';
import { profileFiles } from './profile-files.ts';
import type { Redact } from './ssn-redaction.ts';
import { underwritingFiles } from './underwriting-files.ts';

// Every file of a pack but its index, written into the ZIP as it is read, in the pack's snapshot
// transaction: the customer's records (small, read whole by readEvidence) file by file, then the
// long lists (messages, the loans' changes, the audit trail) page by page through cursors, each page
// redacted, zipped and handed to the client before the next is read, in slices with a turn of the
// event loop between them. Answers each file's manifest entry and the notes for the index.

type FileSpec = { path: string; section: PackSection; description: string };

export type WrittenSections = { entries: ManifestEntry[]; notes: string[]; missingLetterDocumentIds: number[] };

export async function writeSections(
  tx: Executor,
  deps: Pick<EvidencePackDeps, 'storage'>,
  record: EvidenceRecord,
  stamp: PackStamp,
  zip: PackZip,
  redact: Redact,
): Promise<WrittenSections> {
  const entries: ManifestEntry[] = [];
  const names = record.employeeNames;
  const askedFor = new Set<number>();
  // Staff named on a page who were not named before, looked up once each.
  const knowEmployees = async (ids: ReadonlyArray<number | null>) => {
    const missing = [...new Set(ids)].filter((id): id is number => id !== null && !names.has(id) && !askedFor.has(id));
    if (missing.length === 0) return;
    for (const id of missing) askedFor.add(id);
    for (const [id, name] of await findEmployeeNames(tx, missing)) names.set(id, name);
  };

  const writeWhole = async (file: PackFile) => {
    const writer = zip.addFile(file.path);
    writer.write(typeof file.content === 'string' ? redact(file.content) : file.content);
    const { path, section, description, records } = file;
    entries.push({ path, section, description, records, ...writer.end() });
    await zip.pause();
  };

  const writePaged = async <Row>(
    file: FileSpec,
    header: string,
    pages: AsyncGenerator<Row[]>,
    page: (rows: Row[]) => Promise<string>,
  ) => {
    const writer = zip.addFile(file.path);
    writer.write(header);
    let records = 0;
    for await (const rows of pages)
      for (let at = 0; at < rows.length; at += SLICE_ROWS) {
        const slice = rows.slice(at, at + SLICE_ROWS);
        writer.write(redact(await page(slice)));
        records += slice.length;
        await zip.pause();
      }
    entries.push({ ...file, records, ...writer.end() });
  };

  for (const file of [
    ...profileFiles(record),
    ...loanFiles(record, stamp),
    ...debitFiles(record),
    ...underwritingFiles(record),
    ...caseFiles(record),
    ...metro2Files(record, stamp),
    ...noteFiles(record),
  ])
    await writeWhole(file);

  // The messages that carried each document (letters/letters.csv names them).
  const emailedIn = new Map<number, number[]>();
  const messagePage = async (rows: MessageRow[]) => {
    await knowEmployees(rows.map((row) => row.employeeId));
    for (const message of rows)
      for (const documentId of message.documentIds)
        emailedIn.set(documentId, [...(emailedIn.get(documentId) ?? []), message.id]);
    return messageCsvRows(names, rows);
  };
  const { customer } = record;
  await writePaged(
    MESSAGES_FILE,
    MESSAGES_HEADER,
    pagesOf(tx, 'pack_messages', messageRowsQuery(customerMessagesOf(customer)), messageOfRow),
    messagePage,
  );
  await writePaged(
    UNLINKED_MESSAGES_FILE,
    MESSAGES_HEADER,
    pagesOf(tx, 'pack_unlinked_messages', messageRowsQuery(unlinkedMessagesOf(customer)), messageOfRow),
    messagePage,
  );

  // Each letter's PDF as stored, read and written one at a time.
  const letters: Array<{ document: EvidenceRecord['letters'][number]; stored: boolean }> = [];
  for (const document of record.letters) {
    const content = await deps.storage.read(document.storageKey);
    letters.push({ document, stored: content !== null });
    if (content) await writeWhole(letterFile(document, content));
  }
  await writeWhole(lettersTableFile(letters, emailedIn));

  const auditPage = async (rows: ReturnType<typeof auditEventOfRow>[]) => {
    await knowEmployees(rows.map((row) => row.employeeId));
    return auditCsvRows(names, rows);
  };
  await writePaged(
    LOAN_CHANGES_FILE,
    AUDIT_HEADER,
    pagesOf(tx, 'pack_loan_changes', loanChangesQuery(customer.id), auditEventOfRow),
    auditPage,
  );
  await writePaged(
    AUDIT_TRAIL_FILE,
    AUDIT_HEADER,
    pagesOf(tx, 'pack_audit_trail', auditTrailQuery(customer), auditEventOfRow),
    auditPage,
  );

  const missingLetterDocumentIds = letters.filter((letter) => !letter.stored).map((letter) => letter.document.id);
  const notes = [
    ...(missingLetterDocumentIds.length > 0
      ? [
          `The PDF of letter document ${missingLetterDocumentIds.join(', ')} is missing from the file storage (listed in letters/letters.csv).`,
        ]
      : []),
    ...record.furnished.files
      .filter((file) => file.missing)
      .map(
        (file) =>
          `The Metro 2 file ${file.fileName} (reporting file ${file.id}) is missing from the file storage: the months it furnished are recomputed in credit-reporting/metro2-history.csv.`,
      ),
  ];
  return { entries, notes, missingLetterDocumentIds };
}
