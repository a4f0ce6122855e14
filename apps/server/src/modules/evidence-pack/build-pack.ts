import { zipSync, type ZippableFile } from 'fflate';
import { createHash } from 'node:crypto';
import { evidencePackFileName } from '@portal/contracts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { businessToday } from '../../platform/business-date.ts';
import { notFound } from '../../platform/http-error.ts';
import { auditFiles } from './audit-files.ts';
import { caseFiles } from './case-files.ts';
import { debitFiles } from './debit-files.ts';
import type { EvidencePackDeps } from './deps.ts';
import { AUDIT_TRAIL_LIMIT, readEvidence } from './evidence-reads.ts';
import { loanFiles } from './loan-files.ts';
import { letterFiles, messageFiles, type StoredLetter } from './message-files.ts';
import { metro2Files } from './metro2-files.ts';
import type { PackFile, PackStamp } from './pack-file.ts';
import { bytesOf, manifestFile, readmeFile } from './pack-index.ts';
import { profileFiles } from './profile-files.ts';
import { ssnRedactor } from './ssn-redaction.ts';
import { underwritingFiles } from './underwriting-files.ts';

export type EvidencePack = { fileName: string; zip: Buffer; fileCount: number };

export const EVIDENCE_PACK_ACTION = 'customer.evidence_pack_built';

// Text compresses well; PDFs are compressed already and are stored as they are.
const compressionOf = (path: string) => (path.endsWith('.pdf') ? 0 : 6);

// GET users/evidence_pack: reads everything of the customer in one read-only transaction (a
// consistent snapshot: a message arriving meanwhile is in every file or in none), lays it out as
// files, takes every whole SSN out of the text, zips it and records who built which customer's pack,
// with its file count and the ZIP's SHA-256, so what was handed out can be matched later. A GET
// that writes: the audit event is the point of it. An unknown customer is a 404 and writes nothing.
export async function buildEvidencePack(
  deps: EvidencePackDeps,
  actor: Actor,
  customerId: number,
): Promise<EvidencePack> {
  const builtAt = deps.clock.now();
  const stamp: PackStamp = {
    builtAt,
    today: businessToday(deps.clock, deps.businessTimeZone),
    timeZone: deps.businessTimeZone,
    builtBy: { employeeId: actor.employeeId, name: actor.name },
  };
  const record = await deps.db.transaction((tx) => readEvidence(tx, deps, customerId, deps.businessTimeZone), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
  if (!record) throw notFound(`Customer ${customerId} was not found.`);

  const letters: StoredLetter[] = await Promise.all(
    record.letters.map(async (document) => ({ document, content: await deps.storage.read(document.storageKey) })),
  );
  const missing = letters.filter((letter) => letter.content === null).map((letter) => letter.document.id);
  const notes = [
    ...(missing.length > 0
      ? [
          `The PDF of letter document ${missing.join(', ')} is missing from the file storage (listed in letters/letters.csv).`,
        ]
      : []),
    ...record.furnished.files
      .filter((file) => file.missing)
      .map(
        (file) =>
          `The Metro 2 file ${file.fileName} (reporting file ${file.id}) is missing from the file storage: the months it furnished are recomputed in credit-reporting/metro2-history.csv.`,
      ),
    ...(record.auditTrailTruncated
      ? [`The audit trail holds the newest ${AUDIT_TRAIL_LIMIT} events only; older ones are in the Portal.`]
      : []),
  ];

  const redact = ssnRedactor(deps, record.customer);
  const redacted = (file: PackFile): PackFile =>
    typeof file.content === 'string' ? { ...file, content: redact(file.content) } : file;
  const sections = [
    ...profileFiles(record),
    ...loanFiles(record, stamp),
    ...debitFiles(record),
    ...underwritingFiles(record),
    ...messageFiles(record),
    ...letterFiles(record, letters),
    ...caseFiles(record),
    ...metro2Files(record, stamp),
    ...auditFiles(record),
  ].map(redacted);
  const readme = redacted(readmeFile(record.customer, stamp, sections, notes));
  const manifest = redacted(manifestFile(record.customer, stamp, [readme, ...sections]));
  const files = [readme, manifest, ...sections];

  const zipped = zipSync(
    Object.fromEntries(
      files.map((file): [string, ZippableFile] => [
        file.path,
        [bytesOf(file.content), { level: compressionOf(file.path), mtime: builtAt }],
      ]),
    ),
  );
  const zip = Buffer.from(zipped.buffer, zipped.byteOffset, zipped.byteLength);
  const fileName = evidencePackFileName(customerId, stamp.today);
  await recordAuditEvent(deps.db, {
    employeeId: actor.employeeId,
    action: EVIDENCE_PACK_ACTION,
    entityType: 'customer',
    entityId: customerId,
    after: {
      fileName,
      files: files.length,
      bytes: zip.byteLength,
      sha256: createHash('sha256').update(zip).digest('hex'),
      missingLetterDocumentIds: missing,
    },
    ipAddress: actor.ipAddress,
  });
  return { fileName, zip, fileCount: files.length };
}
