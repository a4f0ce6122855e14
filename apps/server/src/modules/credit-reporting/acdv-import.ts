import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  acdvResponseDueOn,
  type AcdvImportResponse,
  ssnLast4,
  type ImportProblem,
  type UploadFailure,
} from '@portal/contracts';
import { acdvRequests } from '@portal/db';
import type { CreditReportingDeps } from './deps.ts';
import { requirePermission, type Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { businessToday } from '../../platform/business-date.ts';
import { HttpError } from '../../platform/http-error.ts';
import { readUploads } from '../../platform/uploads.ts';
import { readInSandbox, refusalOf } from '../../platform/upload-sandbox.ts';
import { ssnHashOf } from '../customers/index.ts';
import { findCustomerIdsOfLoans } from '../loans/index.ts';
import type { AcdvFileResult } from './acdv-file.ts';
import { RESPOND_REFUSAL } from './messages.ts';

// ACDV requests from the bureaus' dispute system, imported from a file (JSON or CSV, the format of
// docs/acdv-import.md): by the upload on the /fcra screen (POST fcra/import_acdvs) or the command
// line (npm run acdv:import -- FILE). Each record is checked on its own: bad ones are reported and
// skipped, good ones kept, in one transaction per file; a control number already imported is a
// duplicate, skipped. The account number is the Portal's loan id: the loan and its customer are
// matched when it exists. The SSN is kept only as its keyed hash and last four digits.

type ImportContext = Pick<CreditReportingDeps, 'db' | 'storage' | 'secretsKey' | 'clock' | 'businessTimeZone'>;
type Importer = { employeeId: number | null; ipAddress: string | null };

// 15 parameters a row: 15,000 a statement, well under PostgreSQL's 65,535.
const ACDV_ROWS_PER_STATEMENT = 1000;

const IMAGE_EXTENSIONS = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg' } as const;
// Parsed in the upload sandbox (decision 039): a 10 MB file of JSON or CSV is not read on the API's thread.
const ACDV_FILE_READER = new URL('./acdv-file.ts', import.meta.url);

async function readAcdvFile(fileName: string, content: Buffer, today: string): Promise<AcdvFileResult> {
  const outcome = await readInSandbox<AcdvFileResult>({
    module: ACDV_FILE_READER,
    run: 'parseAcdvFile',
    args: [fileName, content, today],
  });
  if (!outcome.ok) {
    const sentence = refusalOf(fileName, outcome, 'could not be read.') ?? '';
    return { ok: false, error: sentence.slice(fileName.length + 1) };
  }
  if (!outcome.value.ok) return outcome.value;
  // Buffers cross from the sandbox as plain byte arrays.
  for (const record of outcome.value.records)
    if (record.image) record.image.content = Buffer.from(record.image.content);
  return outcome.value;
}

export async function importAcdvFile(
  context: ImportContext,
  importer: Importer,
  file: { fileName: string; content: Buffer },
): Promise<{ imported: number; duplicates: string[]; skipped: ImportProblem[]; error: string | null }> {
  const today = businessToday(context.clock, context.businessTimeZone);
  const parsed = await readAcdvFile(file.fileName, file.content, today);
  if (!parsed.ok) return { imported: 0, duplicates: [], skipped: [], error: `${file.fileName}: ${parsed.error}` };
  const records = parsed.records;
  const now = context.clock.now();

  // Images go to the storage first: a failed transaction leaves unreferenced files, never a row
  // pointing at nothing.
  const images = new Map<string, { key: string; contentType: string }>();
  for (const record of records)
    if (record.image) {
      const key = `acdv/${randomUUID()}.${IMAGE_EXTENSIONS[record.image.contentType]}`;
      await context.storage.write(key, record.image.content);
      images.set(record.controlNumber, { key, contentType: record.image.contentType });
    }

  const loanIds = records.flatMap((record) =>
    /^\d{1,15}$/.test(record.account.accountNumber) ? [Number(record.account.accountNumber)] : [],
  );
  const inserted = await context.db.transaction(async (tx) => {
    // One array parameter, whatever the number of accounts (10,000 ids as $1..$10000 would be slow
    // to build and near the driver's limit of 65,535 parameters).
    const found = await findCustomerIdsOfLoans(tx, loanIds);
    const customerOfLoan = new Map(found.map((loan) => [loan.id, loan.customerId]));
    const controlNumbers: string[] = [];
    // In batches: one statement of 10,000 rows would pass PostgreSQL's 65,535 bind parameters (and
    // overflow the stack building it); all batches are in this transaction, so a failure writes nothing.
    for (let start = 0; start < records.length; start += ACDV_ROWS_PER_STATEMENT) {
      const batch = await tx
        .insert(acdvRequests)
        .values(
          records.slice(start, start + ACDV_ROWS_PER_STATEMENT).map((record) => {
            const image = images.get(record.controlNumber);
            const loanId = Number(record.account.accountNumber);
            const customerId = customerOfLoan.get(loanId) ?? null;
            return {
              controlNumber: record.controlNumber,
              disputeCode: record.disputeCode,
              receivedOn: record.receivedOn,
              bureauResponseDueOn: record.responseDueOn,
              responseDueOn: acdvResponseDueOn(record.receivedOn, null, record.responseDueOn),
              consumer: record.consumer,
              account: record.account,
              ssnHash: record.ssn ? ssnHashOf(context, record.ssn) : null,
              ssnLast4: record.ssn ? ssnLast4(record.ssn) : null,
              loanId: customerId === null ? null : loanId,
              customerId,
              imageStorageKey: image?.key ?? null,
              imageContentType: image?.contentType ?? null,
              sourceFile: file.fileName,
              importedBy: importer.employeeId,
              createdAt: now,
            };
          }),
        )
        .onConflictDoNothing({ target: acdvRequests.controlNumber })
        .returning({ controlNumber: acdvRequests.controlNumber });
      for (const row of batch) controlNumbers.push(row.controlNumber);
    }
    await recordAuditEvent(tx, {
      employeeId: importer.employeeId,
      action: 'acdv_request.imported',
      entityType: 'acdv_import',
      entityId: null,
      after: {
        file_name: file.fileName,
        imported: controlNumbers,
        skipped_records: parsed.problems.map((problem) => problem.record),
      },
      ipAddress: importer.ipAddress,
    });
    return controlNumbers;
  });
  const kept = new Set(inserted);
  return {
    imported: inserted.length,
    duplicates: records.map((record) => record.controlNumber).filter((number) => !kept.has(number)),
    skipped: parsed.problems,
    error: null,
  };
}

// A file that is not JSON or CSV by name or first character is refused before it is read.
function looksImportable(fileName: string, content: Buffer): string | null {
  if (/\.(json|csv)$/i.test(fileName)) return null;
  const first = content
    .toString('utf8', 0, 64)
    .replace(/^\uFEFF/, '')
    .trimStart()[0];
  return first === '[' || first === '{' ? null : `${fileName} is not a JSON or CSV file of ACDV requests.`;
}

export function importSummary(imported: number, duplicates: number, skipped: number): string {
  const parts = [`${imported} ACDV ${imported === 1 ? 'request' : 'requests'} imported.`];
  if (duplicates > 0) parts.push(`${duplicates} already imported (skipped).`);
  if (skipped > 0)
    parts.push(
      `${skipped} ${skipped === 1 ? 'record has' : 'records have'} problems and ${skipped === 1 ? 'was' : 'were'} skipped.`,
    );
  return parts.join(' ');
}

// POST fcra/import_acdvs (multipart, files[]).
export async function importAcdvUploads(
  context: CreditReportingDeps,
  caller: Actor,
  request: FastifyRequest,
): Promise<AcdvImportResponse> {
  requirePermission(caller, 'credit_reporting.respond', RESPOND_REFUSAL);
  const uploads = await readUploads(request, looksImportable);
  const failures: UploadFailure[] = [...uploads.failures];
  let imported = 0;
  const duplicates: string[] = [];
  const skipped: ImportProblem[] = [];
  for (const file of uploads.files) {
    const result = await importAcdvFile(context, caller, file);
    if (result.error) failures.push({ file_name: file.fileName, error: result.error });
    imported += result.imported;
    duplicates.push(...result.duplicates);
    skipped.push(...result.skipped);
  }
  if (imported === 0 && duplicates.length === 0 && skipped.length === 0)
    throw new HttpError(
      422,
      failures.map((failure) => failure.error),
      { failed_files: failures },
    );
  return {
    message: importSummary(imported, duplicates.length, skipped.length),
    imported,
    duplicates,
    skipped,
    failed_files: failures,
  };
}
