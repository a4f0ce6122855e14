import { createHash, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  ACH_RETURN_ROWS_SHOWN,
  centsToDollars,
  dateInTimeZone,
  formatNoticeDate,
  type AchReturnFile,
  type AchReturnFilesResponse,
  type AchReturnsResponse,
} from '@portal/contracts';
import type { LoansDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { businessToday } from '../../platform/business-date.ts';
import { HttpError } from '../../platform/http-error.ts';
import { readInSandbox, refusalOf } from '../../platform/upload-sandbox.ts';
import { readUploads } from '../../platform/uploads.ts';
import { findEmployeeNames } from '../session/index.ts';
import * as achRepository from './ach-repository.ts';
import type { AchReturnFileRecord, EntryByTrace } from './ach-repository.ts';
import { applyReturns } from './apply-returns.ts';
import { lockDebitsOfCustomers } from './debit-stop-repository.ts';
import type { NachaReturn, NachaReturnFile } from './nacha-returns.ts';
import { NACHA_RECORD_LENGTH } from './nacha-file.ts';
import { returnCodeTitle } from './return-codes.ts';

// POST ach/returns (issue 41): the bank's return file. Each return names our entry by its trace
// number; its payment gets the return as every return is recorded (apply-returns.ts: the bounce with
// the fee by policy, the high-risk codes standing on the loan, the failed-debit stop, re-presentment
// within NACHA's limits). Returns are applied customer by customer, each batch one transaction under
// the customers' debit locks. Unknown trace numbers are listed and change nothing; an entry whose
// return is already recorded (by this file before, or another) changes nothing; the same file again
// changes nothing at all. The file is kept in storage with what came of it.

const CUSTOMERS_PER_TRANSACTION = 500;

type Applied = AchReturnsResponse['applied'][number];
type Refused = AchReturnsResponse['refused'][number];
type Unknown = AchReturnsResponse['unknown'][number];

function looksLikeNacha(fileName: string, content: Buffer): string | null {
  const firstLine =
    content
      .subarray(0, NACHA_RECORD_LENGTH + 2)
      .toString('latin1')
      .split(/\r?\n/)[0] ?? '';
  return firstLine.startsWith('1') && firstLine.length === NACHA_RECORD_LENGTH
    ? null
    : `${fileName} is not a NACHA return file: it should begin with the 94-character file header record (type 1).`;
}

export function returnFileWire(file: AchReturnFileRecord, importedBy: string | null): AchReturnFile {
  return {
    id: file.id,
    file_name: file.fileName,
    sha256: file.sha256,
    returned_on: file.returnedOn,
    return_count: file.returnCount,
    applied_count: file.appliedCount,
    already_count: file.alreadyCount,
    unknown_count: file.unknownCount,
    refused_count: file.refusedCount,
    problem_count: file.problemCount,
    imported_by: importedBy,
    imported_at: file.importedAt.toISOString(),
  };
}

// Why a return found its entry but cannot be recorded on it, or null.
function entryMismatch(entry: EntryByTrace, found: NachaReturn): string | null {
  if (entry.kind === 'credit')
    return `The refund credit of payment ${entry.paymentId} came back ${found.returnCode} (${returnCodeTitle(found.returnCode)}): the refund did not reach the customer; pay it to them another way.`;
  if (found.amountCents !== entry.amountCents)
    return `The return is for ${centsToDollars(found.amountCents).toFixed(2)} but entry ${entry.traceNumber} (payment ${entry.paymentId}) was for ${centsToDollars(entry.amountCents).toFixed(2)}; check the file with the bank.`;
  return null;
}

function summary(counts: { applied: number; already: number; unknown: number; refused: number; problems: number }) {
  const parts = [`${counts.applied} ${counts.applied === 1 ? 'return' : 'returns'} recorded.`];
  if (counts.already > 0) parts.push(`${counts.already} already recorded (nothing changed).`);
  if (counts.unknown > 0)
    parts.push(`${counts.unknown} with a trace number none of our files sent (listed; nothing changed).`);
  if (counts.refused > 0) parts.push(`${counts.refused} could not be recorded (listed, with why).`);
  if (counts.problems > 0)
    parts.push(
      `${counts.problems} ${counts.problems === 1 ? 'line' : 'lines'} of the file could not be read (listed).`,
    );
  return parts.join(' ');
}

// Parsed in the upload sandbox (decision 039), as every upload is.
const RETURN_FILE_READER = new URL('./nacha-return-upload.ts', import.meta.url);

async function readReturnFile(fileName: string, content: Buffer): Promise<NachaReturnFile> {
  const outcome = await readInSandbox<NachaReturnFile>({
    module: RETURN_FILE_READER,
    run: 'readNachaReturnUpload',
    args: [content],
  });
  if (outcome.ok) return outcome.value;
  throw new HttpError(
    422,
    `${refusalOf(fileName, outcome, 'could not be read as a NACHA return file.')} Nothing changed.`,
  );
}

export async function importAchReturns(
  context: LoansDeps,
  actor: Actor,
  request: FastifyRequest,
): Promise<AchReturnsResponse> {
  const uploads = await readUploads(request, looksLikeNacha, { maxFiles: 1 });
  const upload = uploads.files[0];
  if (!upload)
    throw new HttpError(
      422,
      uploads.failures.map((failure) => failure.error),
      { failed_files: uploads.failures },
    );
  const sha256 = createHash('sha256').update(upload.content).digest('hex');
  const known = await achRepository.findReturnFileBySha(context.db, sha256);
  if (known) {
    const name = (await findEmployeeNames(context.db, [known.importedBy])).get(known.importedBy);
    return {
      message: `${upload.fileName} was already imported on ${formatNoticeDate(dateInTimeZone(known.importedAt, context.businessTimeZone))}${name ? ` by ${name}` : ''}: nothing changed.`,
      already_imported: true,
      file: returnFileWire(known, name ?? null),
      applied: [],
      unknown: [],
      refused: [],
      problems: [],
    };
  }

  const parsed = await readReturnFile(upload.fileName, upload.content);
  const today = businessToday(context.clock, context.businessTimeZone);
  if (parsed.returns.length === 0)
    throw new HttpError(
      422,
      `${upload.fileName} holds no return we can read${parsed.problems[0] ? ` (line ${parsed.problems[0].line}: ${parsed.problems[0].message})` : ''}; nothing changed.`,
    );
  if (parsed.createdOn !== null && parsed.createdOn > today)
    throw new HttpError(
      422,
      `${upload.fileName} is dated ${formatNoticeDate(parsed.createdOn)}, after today; nothing changed.`,
    );
  const returnedOn = parsed.createdOn ?? today;

  const entries = new Map(
    (
      await achRepository.findEntriesByTraces(
        context.db,
        parsed.returns.map((found) => found.originalTrace),
      )
    ).map((entry) => [entry.traceNumber, entry]),
  );
  const unknown: Unknown[] = [];
  const refused: Refused[] = [];
  const applied: Applied[] = [];
  let already = 0;
  const seen = new Set<string>();
  const toApply: { found: NachaReturn; entry: EntryByTrace }[] = [];
  for (const found of parsed.returns) {
    const entry = entries.get(found.originalTrace);
    if (!entry) {
      unknown.push({
        line: found.line,
        trace_number: found.originalTrace,
        return_code: found.returnCode,
        amount: centsToDollars(found.amountCents),
        individual_id: found.individualId,
        individual_name: found.individualName,
      });
      continue;
    }
    const mismatch = entryMismatch(entry, found);
    if (mismatch) {
      refused.push({
        line: found.line,
        trace_number: found.originalTrace,
        payment_id: entry.paymentId,
        return_code: found.returnCode,
        sentence: mismatch,
      });
      continue;
    }
    if (entry.returnedBounceId !== null || seen.has(entry.traceNumber)) {
      already += 1;
      continue;
    }
    seen.add(entry.traceNumber);
    toApply.push({ found, entry });
  }

  // Customer by customer, in batches; each customer's returns in the file's order.
  const customers = [...new Set(toApply.map(({ entry }) => entry.customerId))];
  let noticeQueued = false;
  for (let start = 0; start < customers.length; start += CUSTOMERS_PER_TRANSACTION) {
    const batch = new Set(customers.slice(start, start + CUSTOMERS_PER_TRANSACTION));
    const work = toApply.filter(({ entry }) => batch.has(entry.customerId));
    await context.db.transaction(async (tx) => {
      await lockDebitsOfCustomers(tx, [...batch]);
      // Another import may have recorded some of them since they were read.
      const done = await achRepository.findReturnedEntryIds(
        tx,
        work.map(({ entry }) => entry.id),
      );
      const open = work.filter(({ entry }) => !done.has(entry.id));
      already += work.length - open.length;
      const outcomes = await applyReturns(
        tx,
        context,
        actor,
        open.map(({ entry, found }) => ({ paymentId: entry.paymentId, returnCode: found.returnCode, returnedOn })),
      );
      outcomes.forEach((outcome, index) => {
        const { entry, found } = open[index]!;
        const row = {
          line: found.line,
          trace_number: found.originalTrace,
          payment_id: entry.paymentId,
          return_code: found.returnCode,
          sentence: outcome.sentence,
        };
        if (outcome.status === 'recorded') {
          applied.push(row);
          noticeQueued ||= outcome.noticeQueued;
        } else refused.push(row);
      });
    });
  }

  const storageKey = `ach/returns/${returnedOn}/${randomUUID()}.txt`;
  await context.storage.write(storageKey, upload.content);
  const counts = {
    applied: applied.length,
    already,
    unknown: unknown.length,
    refused: refused.length,
    problems: parsed.problems.length,
  };
  const file = await context.db.transaction(async (tx) => {
    const row = await achRepository.insertReturnFile(tx, {
      fileName: upload.fileName,
      sha256,
      storageKey,
      returnedOn,
      returnCount: parsed.returns.length,
      appliedCount: counts.applied,
      alreadyCount: counts.already,
      unknownCount: counts.unknown,
      refusedCount: counts.refused,
      problemCount: counts.problems,
      importedBy: actor.employeeId,
    });
    await recordAuditEvent(tx, {
      employeeId: actor.employeeId,
      action: 'ach.returns_imported',
      entityType: 'ach_return_file',
      entityId: row.id,
      after: { file_name: upload.fileName, sha256, returned_on: returnedOn, ...counts },
      ipAddress: actor.ipAddress,
    });
    return row;
  });
  if (noticeQueued) context.outbox.nudge();
  const shown = <Row>(rows: Row[]) => rows.slice(0, ACH_RETURN_ROWS_SHOWN);
  return {
    message: summary(counts),
    already_imported: false,
    file: returnFileWire(file, actor.name),
    applied: shown(applied),
    unknown: shown(unknown),
    refused: shown(refused),
    problems: shown(parsed.problems),
  };
}

export async function listReturnFiles(context: Pick<LoansDeps, 'db'>): Promise<AchReturnFilesResponse> {
  const files = await achRepository.findRecentReturnFiles(context.db, 60);
  const names = await findEmployeeNames(
    context.db,
    files.map((file) => file.importedBy),
  );
  return { files: files.map((file) => returnFileWire(file, names.get(file.importedBy) ?? null)) };
}
