import {
  BACK_OFFICE_LEASE_MINUTES,
  dateInTimeZone,
  DISPUTE_MESSAGES,
  ssnFieldDigits,
  ssnLast4,
  type CallBody,
  type DisputeAnswer,
  type disputeCalls,
} from '@portal/contracts';
import type { Executor } from '@portal/db';
import type { DisputesDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { unprocessable } from '../../platform/http-error.ts';
import { leaseUntil } from '../../platform/work-queue.ts';
import { disputeSnapshot, toWireDispute } from './dispute-wire.ts';
import { lockHeldDispute } from './held-dispute.ts';
import { DISPUTE_ERRORS } from './messages.ts';
import { customerExists } from '../customers/index.ts';
import { findCustomerIdOfLoan } from '../loans/index.ts';
import { updateDispute, type DisputeRecord, type NewDispute } from './repository.ts';

// PATCH update_dispute: the holder corrects what the letter said and names the customer and loan.
// The contract has checked each field's format; here, that the customer and loan exist and go
// together. A field left out stays as it is; null or blank clears it. Saving is work on the
// dispute, so it renews the holder's lease.

export type DisputeChangesInput = CallBody<typeof disputeCalls.updateDispute>['dispute'];

// The 10 digits of a US phone number as typed ('(217) 555-0143', '+1 217 555 0143').
export function phoneDigits(text: string): string {
  return text.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
}

// The columns a change writes. Of an SSN only its last four digits are ever kept (decision 023).
export function plannedValues(changes: DisputeChangesInput): Partial<NewDispute> {
  const values: Partial<NewDispute> = {};
  const set = <Key extends keyof NewDispute>(key: Key, value: NewDispute[Key] | undefined) => {
    if (value !== undefined) values[key] = value;
  };
  set('customerId', changes.user_id);
  set('loanId', changes.loan_id);
  set('firstName', changes.first_name);
  set('lastName', changes.last_name);
  set('street', changes.street);
  set('city', changes.city);
  set('state', changes.state);
  set('zip', changes.zip);
  set('type', changes.type);
  set('sentByThirdParty', changes.sent_by_third_party);
  set('containsValid3pa', changes.contains_valid_3pa);
  if (changes.phone_number !== undefined)
    values.phoneNumber = changes.phone_number === null ? null : phoneDigits(changes.phone_number);
  if (changes.full_ssn !== undefined)
    values.ssnLast4 = changes.full_ssn === null ? null : ssnLast4(ssnFieldDigits(changes.full_ssn));
  return values;
}

// Why the named customer and loan cannot be kept, every reason at once.
async function referenceProblems(tx: Executor, dispute: DisputeRecord, values: Partial<NewDispute>): Promise<string[]> {
  const userId = values.customerId !== undefined ? values.customerId : dispute.customerId;
  const loanId = values.loanId !== undefined ? values.loanId : dispute.loanId;
  const problems: string[] = [];
  if (values.customerId != null && !(await customerExists(tx, values.customerId)))
    problems.push(DISPUTE_ERRORS.userNotFound(values.customerId));
  const touched = values.customerId !== undefined || values.loanId !== undefined;
  if (touched && loanId != null) {
    const owner = await findCustomerIdOfLoan(tx, loanId);
    if (owner === undefined) problems.push(DISPUTE_ERRORS.loanNotFound(loanId));
    else if (userId != null && owner !== userId && problems.length === 0)
      problems.push(DISPUTE_ERRORS.loanNotOfUser(loanId, userId));
  }
  return problems;
}

// The fields that changed, before and after, for the audit.
function changedFields(before: DisputeRecord, after: DisputeRecord) {
  const was: Record<string, unknown> = disputeSnapshot(before);
  const now: Record<string, unknown> = disputeSnapshot(after);
  const keys = Object.keys(now).filter((key) => key !== 'leaseExpiresAt' && was[key] !== now[key]);
  return {
    before: Object.fromEntries(keys.map((key) => [key, was[key]])),
    after: Object.fromEntries(keys.map((key) => [key, now[key]])),
  };
}

export async function updateDisputeDetails(
  context: DisputesDeps,
  actor: Actor,
  id: number,
  changes: DisputeChangesInput,
): Promise<DisputeAnswer> {
  const now = context.clock.now();
  const values = plannedValues(changes);
  const updated = await context.db.transaction(async (tx) => {
    const dispute = await lockHeldDispute(tx, id, actor, now);
    const problems = await referenceProblems(tx, dispute, values);
    if (problems.length > 0) throw unprocessable(problems);
    const after = await updateDispute(tx, id, {
      ...values,
      leaseExpiresAt: leaseUntil(now, BACK_OFFICE_LEASE_MINUTES),
      updatedAt: now,
    });
    const { before: was, after: is } = changedFields(dispute, after);
    if (Object.keys(is).length > 0)
      await recordAuditEvent(tx, {
        employeeId: actor.employeeId,
        action: 'dispute.updated',
        entityType: 'dispute',
        entityId: id,
        before: was,
        after: is,
        ipAddress: actor.ipAddress,
      });
    return after;
  });
  return {
    message: DISPUTE_MESSAGES.updated,
    dispute: toWireDispute(updated, actor.name, now, dateInTimeZone(now, context.businessTimeZone)),
  };
}
