import {
  formatSsn,
  maskSsn,
  unvalidatedSsnDigits,
  type CallBody,
  type RevealSsnResponse,
  type ssnCalls,
  type UpdateSsnResponse,
} from '@portal/contracts';
import type { CustomersDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { conflict, notFound } from '../../platform/http-error.ts';
import { ssnHash, ssnKeysOf } from '../../platform/ssn-sealing.ts';
import { openSsn, sealSsn } from './ssn.ts';
import * as repository from './ssn-repository.ts';

type UpdateSsnInput = CallBody<typeof ssnCalls.updateSsn>;
type RevealSsnInput = CallBody<typeof ssnCalls.revealSsn>;

// POST users/update_ssn: the customer's SSN, sealed, hashed and its last four kept (decision 023).
// Another customer with the same number is refused (409, naming them) unless `force` is sent; a
// forced save is audited with whom it shares the number. The audit never holds the whole number.
export async function updateCustomerSsn(
  context: CustomersDeps,
  actor: Actor,
  input: UpdateSsnInput,
): Promise<UpdateSsnResponse> {
  const keys = ssnKeysOf(context);
  // The request schema has made it the nine digits of a well-formed SSN.
  const digits = input.ssn;
  const hash = ssnHash(keys, digits);
  return context.db.transaction(async (tx) => {
    await repository.lockSsnHash(tx, hash);
    const customer = await repository.lockCustomerSsn(tx, input.user_id);
    if (!customer) throw notFound(`Customer ${input.user_id} was not found.`);
    const ending = digits.slice(-4);
    if (customer.ssnHash === hash) {
      return {
        message: `Customer ${customer.id} already has this SSN (ending ${ending}); nothing changed.`,
        ssn_last4: ending,
      };
    }
    const others = (await repository.findCustomerIdsBySsnHash(tx, hash)).filter((id) => id !== customer.id);
    if (others.length > 0 && !input.force) throw conflict(sameSsnRefusal(customer.id, others));
    const stored = sealSsn(keys, customer.id, digits);
    await repository.writeCustomerSsn(tx, customer.id, stored);
    await recordAuditEvent(tx, {
      ...actor,
      action: 'customer.ssn_updated',
      entityType: 'customer',
      entityId: customer.id,
      before: { ssn: maskSsn(customer.ssnLast4) },
      after: {
        ssn: maskSsn(stored.last4),
        ...(others.length > 0 ? { forced: true, same_ssn_as_customers: others } : {}),
      },
    });
    return { message: `SSN updated for customer ${customer.id} (ending ${stored.last4}).`, ssn_last4: stored.last4 };
  });
}

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
