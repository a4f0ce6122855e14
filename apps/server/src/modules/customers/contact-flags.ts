import {
  CONTACT_FLAG_LABELS,
  contactFlagNote,
  contactFlagProblem,
  shortEmployeeName,
  type ContactFlag,
  type CallBody,
  type userPageCalls,
} from '@portal/contracts';
import type { CustomersDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { notFound, unprocessable } from '../../platform/http-error.ts';
import * as repository from './repository.ts';
import type { CustomerRecord } from './repository.ts';

type FlagInput = CallBody<typeof userPageCalls.setContactFlag>;

// The columns of one flag: on/off, why, context, who and when (each flag has the same five).
function flagColumns(
  flag: ContactFlag,
  on: boolean,
  reason: string | null,
  flagContext: string | null,
  stamp: { employeeId: number | null; at: Date | null },
): Partial<CustomerRecord> {
  return {
    [flag]: on,
    [`${flag}Reason`]: reason,
    [`${flag}Context`]: flagContext,
    [`${flag}EmployeeId`]: stamp.employeeId,
    [`${flag}At`]: stamp.at,
  };
}

// PATCH users/contact_flag: a contact flag (DNC, DNL, cease communication, attorney) on or off, with its reason and context, who and when; a
// note in the customer's comments says so ('DNC on: User requested (by Maria D.)').
export async function setContactFlag(context: Pick<CustomersDeps, 'db' | 'clock'>, actor: Actor, input: FlagInput) {
  const problem = contactFlagProblem(input);
  if (problem) throw unprocessable(problem);
  const label = CONTACT_FLAG_LABELS[input.flag];
  return context.db.transaction(async (tx) => {
    const customer = await repository.lockCustomer(tx, input.user_id);
    if (!customer) throw notFound(`Customer ${input.user_id} was not found.`);
    const current = customer[input.flag];
    const now = context.clock.now();
    const reason = input.on ? (input.reason?.trim() ?? null) : null;
    const flagContext = input.on ? input.context?.trim() || null : null;
    if (current === input.on) return { message: `${label} is already ${input.on ? 'on' : 'off'}; nothing changed.` };
    await repository.updateCustomer(
      tx,
      customer.id,
      flagColumns(input.flag, input.on, reason, flagContext, {
        employeeId: input.on ? actor.employeeId : null,
        at: input.on ? now : null,
      }),
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
