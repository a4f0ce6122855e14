import { randomUUID } from 'node:crypto';
import { desc, eq, like } from 'drizzle-orm';
import type { ReportingFile, ReportingFilesResponse } from '@portal/contracts';
import { creditReportingFiles, type Executor } from '@portal/db';
import type { CreditReportingDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { notFound } from '../../platform/http-error.ts';
import { employeeNameOf } from '../session/index.ts';
import { countPendingAdjustments } from './adjustments.ts';
import { countUnprocessedAcdvs } from './repository.ts';

// The files made for the credit bureaus (ACDV response files, Metro 2 correction files): kept in the
// file storage, listed on the screens, downloaded by the credit reporting desk to send.

export type ReportingFileKind = ReportingFile['kind'];

// Writes the file to the storage and records it, in the caller's transaction. The file is written
// first: a transaction that fails leaves only an unreferenced file, never a row without one.
export async function saveReportingFile(
  context: CreditReportingDeps,
  tx: Executor,
  caller: Actor,
  file: { kind: ReportingFileKind; fileName: string; content: Buffer; recordCount: number; now: Date },
): Promise<ReportingFile> {
  const storageKey = `credit-reporting/${file.kind}/${randomUUID()}`;
  await context.storage.write(storageKey, file.content);
  const [row] = await tx
    .insert(creditReportingFiles)
    .values({
      kind: file.kind,
      fileName: file.fileName,
      storageKey,
      recordCount: file.recordCount,
      createdBy: caller.employeeId,
      createdAt: file.now,
    })
    .returning();
  if (!row) throw new Error('saveReportingFile: insert returned nothing');
  await recordAuditEvent(tx, {
    employeeId: caller.employeeId,
    action: `credit_reporting.${file.kind}_file_created`,
    entityType: 'credit_reporting_file',
    entityId: row.id,
    after: { file_name: file.fileName, record_count: file.recordCount },
    ipAddress: caller.ipAddress,
  });
  return {
    id: row.id,
    kind: file.kind,
    file_name: row.fileName,
    record_count: row.recordCount,
    created_at: row.createdAt.toISOString(),
    created_by: caller.name,
  };
}

// A file name no other file of the day has: 'metro2-corrections-2026-11-23-3.txt'.
export async function nextFileName(executor: Executor, prefix: string, date: string, extension: string) {
  const rows = await executor
    .select({ fileName: creditReportingFiles.fileName })
    .from(creditReportingFiles)
    .where(like(creditReportingFiles.fileName, `${prefix}-${date}-%`));
  const taken = new Set(rows.map((row) => row.fileName));
  let n = 1;
  while (taken.has(`${prefix}-${date}-${n}.${extension}`)) n += 1;
  return `${prefix}-${date}-${n}.${extension}`;
}

export async function listReportingFiles(context: CreditReportingDeps): Promise<ReportingFilesResponse> {
  const rows = await context.db
    .select({ file: creditReportingFiles, createdBy: employeeNameOf(creditReportingFiles.createdBy) })
    .from(creditReportingFiles)
    .orderBy(desc(creditReportingFiles.createdAt), desc(creditReportingFiles.id))
    .limit(20);
  const [unprocessed, pending] = await Promise.all([
    countUnprocessedAcdvs(context.db),
    countPendingAdjustments(context.db),
  ]);
  return {
    files: rows.map(({ file, createdBy }) => ({
      id: file.id,
      kind: file.kind as ReportingFileKind,
      file_name: file.fileName,
      record_count: file.recordCount,
      created_at: file.createdAt.toISOString(),
      created_by: createdBy,
    })),
    unprocessed_acdvs: unprocessed,
    pending_adjustments: pending,
  };
}

export async function openReportingFile(context: CreditReportingDeps, caller: Actor, id: number) {
  const [row] = await context.db.select().from(creditReportingFiles).where(eq(creditReportingFiles.id, id));
  if (!row) throw notFound(`Reporting file ${id} was not found.`);
  const content = await context.storage.read(row.storageKey);
  if (!content) throw notFound(`The file ${row.fileName} is missing from the file storage.`);
  await recordAuditEvent(context.db, {
    employeeId: caller.employeeId,
    action: 'credit_reporting.file_downloaded',
    entityType: 'credit_reporting_file',
    entityId: id,
    after: { file_name: row.fileName },
    ipAddress: caller.ipAddress,
  });
  return { fileName: row.fileName, kind: row.kind, content };
}
