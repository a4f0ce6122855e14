import { randomUUID } from 'node:crypto';
import {
  dateInTimeZone,
  directDisputeDueOn,
  letterReceivedOnProblem,
  type CreateDisputesResponse,
} from '@portal/contracts';
import { unprocessable } from '../../platform/http-error.ts';
import type { DisputesDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { readUploadedTexts, type UploadedFile, type Uploads } from '../../platform/uploads.ts';
import { readDisputeLetter, type DisputeLetter } from './dispute-letter-parser.ts';
import { insertDisputes, type NewDispute } from './repository.ts';

// POST disputes_dashboard/create_disputes: each readable PDF becomes one unresolved dispute, due
// 30 days after the day its letter reached us (directDisputeDueOn: the business day before when
// that is none; 12 CFR 1022.43(e)(3)), which staff give in the form's received_on field (the
// upload's business date when they do not), filled with what its letter says. A bad date is
// refused before anything is read or written. A file pdf.js cannot open is reported by name and the others go on;
// when none can be read, the request is refused as a whole (422). The customer is never matched
// here: staff choose one.

type ReadLetter = { file: UploadedFile; letter: DisputeLetter };

export function createdMessage(created: number, failed: number): string {
  const done = `${created} dispute(s) created successfully.`;
  return failed === 0 ? done : `${done} ${failed} file(s) failed to process and remain in the list.`;
}

export async function createDisputes(
  context: Pick<DisputesDeps, 'db' | 'clock' | 'storage' | 'businessTimeZone'>,
  actor: Actor,
  uploads: Uploads,
): Promise<CreateDisputesResponse> {
  const now = context.clock.now();
  const today = dateInTimeZone(now, context.businessTimeZone);
  const given = uploads.fields.received_on?.trim() ?? '';
  const problem = given === '' ? null : letterReceivedOnProblem(given, today);
  if (problem) throw unprocessable(problem);
  const letterReceivedOn = given === '' ? today : given;
  const dueDate = directDisputeDueOn(letterReceivedOn);

  const { read, failures } = await readUploadedTexts(uploads);
  const letters: ReadLetter[] = read.map(({ file, text }) => ({ file, letter: readDisputeLetter(text) }));
  // Files first: a row never points at a file that is not there. A failed transaction leaves
  // unreferenced files behind, which cost space but no correctness.
  const rows: NewDispute[] = [];
  for (const { file, letter } of letters) {
    const storageKey = `disputes/${randomUUID()}.pdf`;
    await context.storage.write(storageKey, file.content);
    rows.push({
      receivedAt: now,
      letterReceivedOn,
      dueDate,
      fileName: file.fileName,
      storageKey,
      firstName: letter.firstName,
      lastName: letter.lastName,
      street: letter.street,
      city: letter.city,
      state: letter.state,
      zip: letter.zip,
      type: letter.type,
      phoneNumber: letter.phoneNumber,
      createdBy: actor.employeeId,
      updatedAt: now,
    });
  }

  const created = await context.db.transaction(async (tx) => {
    const inserted = await insertDisputes(tx, rows);
    // Matched by storage key: RETURNING promises no order.
    const rowByKey = new Map(rows.map((row) => [row.storageKey, row]));
    for (const dispute of inserted) {
      const row = rowByKey.get(dispute.storageKey)!;
      await recordAuditEvent(tx, {
        employeeId: actor.employeeId,
        action: 'dispute.created',
        entityType: 'dispute',
        entityId: dispute.id,
        after: {
          fileName: row.fileName,
          storageKey: row.storageKey,
          letterReceivedOn: row.letterReceivedOn,
          dueDate: row.dueDate,
          type: row.type,
          firstName: row.firstName,
          lastName: row.lastName,
          street: row.street,
          city: row.city,
          state: row.state,
          zip: row.zip,
          phoneNumber: row.phoneNumber,
        },
        ipAddress: actor.ipAddress,
      });
    }
    return inserted.sort((a, b) => a.id - b.id);
  });

  return {
    created_disputes: created.map((dispute) => ({ id: dispute.id, file_name: dispute.fileName })),
    failed_files: failures,
    message: createdMessage(created.length, failures.length),
  };
}
