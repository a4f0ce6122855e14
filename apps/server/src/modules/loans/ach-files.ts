import { desc } from 'drizzle-orm';
import type { AchFilesResponse } from '@portal/contracts';
import { achFiles } from '@portal/db';
import type { LoansDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { conflict, notFound } from '../../platform/http-error.ts';
import { employeeNameOf } from '../session/index.ts';
import { achFileName, achFileWire } from './ach-origination.ts';
import { findAchFile } from './ach-repository.ts';

// The ACH files as the payments admins list and download them (issue 41).

const FILES_LISTED = 60;

export async function listAchFiles(context: Pick<LoansDeps, 'db'>): Promise<AchFilesResponse> {
  const rows = await context.db
    .select({ file: achFiles, builtBy: employeeNameOf(achFiles.builtBy) })
    .from(achFiles)
    .orderBy(desc(achFiles.id))
    .limit(FILES_LISTED);
  return { files: rows.map(({ file, builtBy }) => achFileWire(file, builtBy)) };
}

export async function openAchFile(context: Pick<LoansDeps, 'db' | 'storage'>, actor: Actor, id: number) {
  const file = await findAchFile(context.db, id);
  if (!file) throw notFound(`ACH file ${id} was not found.`);
  const fileName = achFileName(file);
  if (file.status === 'building')
    throw conflict(`ACH file ${fileName} is still being built; download it once it is ready.`);
  if (!file.storageKey) throw notFound(`ACH file ${fileName} holds no entries: there is nothing to send.`);
  const content = await context.storage.read(file.storageKey);
  if (!content) throw notFound(`ACH file ${fileName} is missing from the file storage.`);
  await recordAuditEvent(context.db, {
    employeeId: actor.employeeId,
    action: 'ach.file_downloaded',
    entityType: 'ach_file',
    entityId: id,
    after: { file_name: fileName, sha256: file.sha256 },
    ipAddress: actor.ipAddress,
  });
  return { fileName, content };
}
