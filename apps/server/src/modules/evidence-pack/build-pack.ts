import type { Readable } from 'node:stream';
import { evidencePackFileName } from '@portal/contracts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { businessToday } from '../../platform/business-date.ts';
import { notFound } from '../../platform/http-error.ts';
import type { EvidencePackDeps } from './deps.ts';
import { readEvidence } from './evidence-reads.ts';
import type { PackFile, PackStamp } from './pack-file.ts';
import { manifestFile, readmeFile, type ManifestEntry } from './pack-index.ts';
import { createPackZip, type PackZip } from './pack-zip.ts';
import { ssnRedactor, type Redact } from './ssn-redaction.ts';
import { writeSections } from './write-sections.ts';

export type StartedPack = { fileName: string; stream: Readable };

export const EVIDENCE_PACK_ACTION = 'customer.evidence_pack_built';

function writeIndexFile(zip: PackZip, file: PackFile, redact: Redact): ManifestEntry {
  const writer = zip.addFile(file.path);
  writer.write(typeof file.content === 'string' ? redact(file.content) : file.content);
  const { path, section, description, records } = file;
  return { path, section, description, records, ...writer.end() };
}

// GET users/evidence_pack: answers once the customer is found (an unknown one is a 404 and writes
// nothing) with the ZIP as a stream, which goes on being written as the records are read, in one
// read-only repeatable-read transaction (a consistent snapshot: a message arriving meanwhile is in
// every file or in none), page by page (write-sections.ts). When every file is in, the read
// transaction ends, the index and manifest are written, and the pack is recorded (who built which
// customer's pack, its file count, size and the SHA-256 of the ZIP as sent) before the ZIP's last
// chunk goes out: a pack is audited before it can be opened, and one abandoned or failed midway is
// not audited (what left is no readable ZIP). A GET that writes: the audit event is the point of it.
export function startEvidencePack(deps: EvidencePackDeps, actor: Actor, customerId: number): Promise<StartedPack> {
  const builtAt = deps.clock.now();
  const stamp: PackStamp = {
    builtAt,
    today: businessToday(deps.clock, deps.businessTimeZone),
    timeZone: deps.businessTimeZone,
    builtBy: { employeeId: actor.employeeId, name: actor.name },
  };
  const fileName = evidencePackFileName(customerId, stamp.today);
  const zip = createPackZip(builtAt);
  let started = false;
  return new Promise<StartedPack>((resolve, reject) => {
    const build = async () => {
      const { record, redact, written } = await deps.db.transaction(
        async (tx) => {
          const evidence = await readEvidence(tx, deps, customerId, deps.businessTimeZone);
          if (!evidence) throw notFound(`Customer ${customerId} was not found.`);
          started = true;
          resolve({ fileName, stream: zip.stream });
          const redactor = ssnRedactor(deps, evidence.customer);
          const sections = await writeSections(tx, deps, evidence, stamp, zip, redactor);
          return { record: evidence, redact: redactor, written: sections };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      const readme = writeIndexFile(zip, readmeFile(record.customer, stamp, written.entries, written.notes), redact);
      const files = [readme, ...written.entries];
      writeIndexFile(zip, manifestFile(record.customer, stamp, files), redact);
      await zip.finish((summary) =>
        recordAuditEvent(deps.db, {
          employeeId: actor.employeeId,
          action: EVIDENCE_PACK_ACTION,
          entityType: 'customer',
          entityId: customerId,
          after: {
            fileName,
            files: files.length + 1,
            bytes: summary.bytes,
            sha256: summary.sha256,
            missingLetterDocumentIds: written.missingLetterDocumentIds,
          },
          ipAddress: actor.ipAddress,
        }),
      );
    };
    build().catch((error: unknown) => {
      if (!started) reject(error);
      // Headers are out: the response is cut short, and Fastify logs why.
      else zip.stream.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
}
