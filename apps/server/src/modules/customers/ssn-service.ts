import {
  approvalSummary,
  formatSsn,
  needsApproval,
  maskSsn,
  unvalidatedSsnDigits,
  type CallBody,
  type RevealSsnResponse,
  type ssnCalls,
  type UpdateSsnResponse,
} from '@portal/contracts';
import type { Executor } from '@portal/db';
import type { CustomersDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { conflict, notFound } from '../../platform/http-error.ts';
import { ssnKeysOf } from '../../platform/ssn-sealing.ts';
import { compareSsns } from './ssn-search.ts';
import { awaitingSentence, requestApproval, type ApprovalCarrier } from '../approvals/index.ts';
import type { SealedSsn } from '@portal/db/seed';
import { openSsn, sealSsn } from './ssn.ts';
import * as repository from './ssn-repository.ts';

type UpdateSsnInput = CallBody<typeof ssnCalls.updateSsn>;
type RevealSsnInput = CallBody<typeof ssnCalls.revealSsn>;

// POST users/update_ssn: the customer's SSN, sealed, hashed and its last four kept (decision 023).
// Whether another customer (or this one) already has the number is a comparison, so it goes
// through the SSN door (ssn-search.ts): counted and audited, and only for an employee who also
// holds customers.reveal_ssn. For them, another customer with the same number is refused (409,
// naming them) unless `force` is sent, a forced save is audited with whom it shares the number, and
// the number the customer already has changes nothing. An editor without the reveal power is told
// nothing about other customers' numbers: the number is saved as typed, whoever else has it. The
// audit never holds the whole number.
type UpdateOutcome =
  | { kind: 'held'; customerId: number; message: string; last4: string }
  | { kind: 'unchanged'; customerId: number }
  | { kind: 'same_as_others'; customerId: number; others: number[] }
  | { kind: 'saved'; customerId: number; last4: string };

export async function updateCustomerSsn(
  context: CustomersDeps,
  actor: Actor,
  input: UpdateSsnInput,
): Promise<UpdateSsnResponse> {
  const keys = ssnKeysOf(context);
  // The request schema has made it the nine digits of a well-formed SSN.
  const digits = input.ssn;
  const stored = sealSsn(keys, input.user_id, digits);
  // A refusal is answered after the commit, so the door's record of the comparison stays.
  const outcome = await context.db.transaction(async (tx): Promise<UpdateOutcome> => {
    await repository.lockSsnHash(tx, stored.hash);
    const customer = await repository.lockCustomerSsn(tx, input.user_id);
    if (!customer) throw notFound(`Customer ${input.user_id} was not found.`);
    const comparison = await compareSsns(context, actor, 'ssn_correction', [digits], tx);
    const holders = comparison.compared ? (comparison.found.get(digits) ?? []) : [];
    if (holders.includes(customer.id)) return { kind: 'unchanged', customerId: customer.id };
    const others = holders.filter((id) => id !== customer.id);
    if (others.length > 0 && !input.force) return { kind: 'same_as_others', customerId: customer.id, others };
    const audit = {
      before: { ssn: maskSsn(customer.ssnLast4) },
      after: {
        ssn: maskSsn(stored.last4),
        ...(comparison.compared ? {} : { compared_with_other_customers: false }),
        ...(others.length > 0 ? { forced: true, same_ssn_as_customers: others } : {}),
      },
    };
    // Four eyes (decision 069): over its threshold the change waits, the new number sealed (bound to
    // this customer) in the request, never in clear.
    if (needsApproval(context.approvals.thresholds, 'ssn_change', null)) {
      const approval = await requestApproval(tx, context, actor, {
        action: 'ssn_change',
        entityType: 'customer',
        entityId: customer.id,
        loanId: null,
        customerId: customer.id,
        amountCents: null,
        summary: `${approvalSummary('ssn_change', `customer ${customer.id}`, null)} to one ending ${stored.last4}`,
        payload: { customer_id: customer.id, ssn: stored, audit },
      });
      return {
        kind: 'held',
        customerId: customer.id,
        message: awaitingSentence(approval, context.businessTimeZone),
        // The number on file stays until the change is approved.
        last4: customer.ssnLast4 ?? '',
      };
    }
    await writeSsnChange(tx, actor, customer.id, stored, audit);
    return { kind: 'saved', customerId: customer.id, last4: stored.last4 };
  });
  if (outcome.kind === 'held') return { message: outcome.message, ssn_last4: outcome.last4 };
  const ending = digits.slice(-4);
  if (outcome.kind === 'same_as_others') throw conflict(sameSsnRefusal(outcome.customerId, outcome.others));
  if (outcome.kind === 'unchanged')
    return {
      message: `Customer ${outcome.customerId} already has this SSN (ending ${ending}); nothing changed.`,
      ssn_last4: ending,
    };
  return {
    message: `SSN updated for customer ${outcome.customerId} (ending ${outcome.last4}).`,
    ssn_last4: outcome.last4,
  };
}

async function writeSsnChange(
  tx: Executor,
  actor: Actor,
  customerId: number,
  stored: SealedSsn,
  audit: { before: unknown; after: unknown },
): Promise<void> {
  await repository.writeCustomerSsn(tx, customerId, stored);
  await recordAuditEvent(tx, {
    ...actor,
    action: 'customer.ssn_updated',
    entityType: 'customer',
    entityId: customerId,
    ...audit,
  });
}

// An SSN change a second employee approved: the sealed number written as it was asked, by the approver.
export const carryOutSsnChange: ApprovalCarrier = async (tx, approval, approver) => {
  const payload = approval.payload as {
    customer_id: number;
    ssn: SealedSsn;
    audit: { before: unknown; after: unknown };
  };
  const customer = await repository.lockCustomerSsn(tx, payload.customer_id);
  if (!customer) throw notFound(`Customer ${payload.customer_id} was not found.`);
  await writeSsnChange(tx, approver, customer.id, payload.ssn, {
    ...payload.audit,
    after: { ...(payload.audit.after as object), approval_id: approval.id },
  });
  return { message: `SSN updated for customer ${customer.id} (ending ${payload.ssn.last4}).` };
};

function sameSsnRefusal(customerId: number, others: number[]): string {
  const holders =
    others.length === 1
      ? `Customer ${others[0]} already has this SSN.`
      : `Customers ${others.slice(0, -1).join(', ')} and ${others.at(-1)} already have this SSN.`;
  return `${holders} Check the number; to save it for customer ${customerId} as well, use Force.`;
}

// POST users/reveal_ssn: the whole SSN, for holders of customers.reveal_ssn, with a reason. Each
// reveal is an audit event naming the employee and the reason, written before the number is
// answered: no record, no number.
export async function revealCustomerSsn(
  context: CustomersDeps,
  actor: Actor,
  input: RevealSsnInput,
): Promise<RevealSsnResponse> {
  const keys = ssnKeysOf(context);
  return context.db.transaction(async (tx) => {
    const customer = await repository.findCustomerSsn(tx, input.user_id);
    if (!customer) throw notFound(`Customer ${input.user_id} was not found.`);
    if (customer.ssnSealed === null) throw notFound(`Customer ${customer.id} has no SSN on file.`);
    const opened = openSsn(keys, customer.id, customer.ssnSealed);
    const digits = unvalidatedSsnDigits(opened);
    await recordAuditEvent(tx, {
      ...actor,
      action: 'customer.ssn_revealed',
      entityType: 'customer',
      entityId: customer.id,
      after: { employee_name: actor.name, reason: input.reason, ssn: maskSsn(customer.ssnLast4) },
    });
    return {
      user_id: customer.id,
      // A number stored before the shape rules that is not nine digits is shown as it was typed.
      ssn: digits ? formatSsn(digits) : opened,
      ssn_last4: customer.ssnLast4 ?? '',
    };
  });
}
