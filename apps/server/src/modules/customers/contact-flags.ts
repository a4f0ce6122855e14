import {
  CONTACT_FLAG_LABELS,
  contactFlagNote,
  contactFlagProblem,
  shortEmployeeName,
  type CallBody,
  type userPageCalls,
} from '@portal/contracts';
import type { CustomersDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { notFound, unprocessable } from '../../platform/http-error.ts';
import * as repository from './repository.ts';

type FlagInput = CallBody<typeof userPageCalls.setContactFlag>;

// PATCH users/contact_flag: DNC or DNL on or off, with its reason and context, who and when; a
// note in the customer's comments says so ('DNC on: User requested (by Maria D.)').
export async function setContactFlag(context: Pick<CustomersDeps, 'db' | 'clock'>, actor: Actor, input: FlagInput) {
  const problem = contactFlagProblem(input);
  if (problem) throw unprocessable(problem);
  const label = CONTACT_FLAG_LABELS[input.flag];
  return context.db.transaction(async (tx) => {
    const customer = await repository.lockCustomer(tx, input.user_id);
    if (!customer) throw notFound(`Customer ${input.user_id} was not found.`);
    const current = input.flag === 'dnc' ? customer.dnc : customer.dnl;
    if (current === input.on) return { message: `${label} is already ${input.on ? 'on' : 'off'}; nothing changed.` };
    const now = context.clock.now();
    const reason = input.on ? (input.reason?.trim() ?? null) : null;
    const flagContext = input.on ? input.context?.trim() || null : null;
    const stamp = { employeeId: input.on ? actor.employeeId : null, at: input.on ? now : null };
    await repository.updateCustomer(
      tx,
      customer.id,
      input.flag === 'dnc'
        ? {
            dnc: input.on,
            dncReason: reason,
            dncContext: flagContext,
            dncEmployeeId: stamp.employeeId,
            dncAt: stamp.at,
          }
        : {
            dnl: input.on,
            dnlReason: reason,
            dnlContext: flagContext,
            dnlEmployeeId: stamp.employeeId,
            dnlAt: stamp.at,
          },
    );
    const note = contactFlagNote(input, shortEmployeeName(actor.name));
    await repository.insertCustomerComment(tx, {
      customerId: customer.id,
      employeeId: actor.employeeId,
      body: note,
      createdAt: now,
    });
    await recordAuditEvent(tx, {
      ...actor,
      action: `customer.${input.flag}_${input.on ? 'on' : 'off'}`,
      entityType: 'customer',
      entityId: customer.id,
      before: { [input.flag]: current },
      after: { [input.flag]: input.on, reason, context: flagContext },
    });
    return { message: `${label} turned ${input.on ? 'on' : 'off'} for customer ${customer.id}. Note added: ${note}` };
  });
}
