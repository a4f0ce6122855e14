import {
  CONTACT_FLAG_LABELS,
  contactFlagLiftProblem,
  contactFlagNote,
  contactFlagProblem,
  liftsContactDuty,
  permissionRefusal,
  shortEmployeeName,
  type ContactFlag,
  type CallBody,
  type userPageCalls,
} from '@portal/contracts';
import type { CustomersDeps } from './deps.ts';
import { hasPermission, type Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { badRequest, forbidden, notFound, unprocessable } from '../../platform/http-error.ts';
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

// The flag as it stands on the row, for the audit's before: on/off, why, context, who and when.
function flagState(customer: CustomerRecord, flag: ContactFlag) {
  const at = customer[`${flag}At`];
  return {
    [flag]: customer[flag],
    reason: customer[`${flag}Reason`],
    context: customer[`${flag}Context`],
    employee_id: customer[`${flag}EmployeeId`],
    at: at ? at.toISOString() : null,
  };
}

// Issue 37: switching off DNC, cease or attorney lifts a duty (a cease request stands until the
// customer withdraws it, FDCPA 805(c)); only customers.lift_duties may, with a reason. One call both
// sets and clears, so the descriptor stays signedIn and the check is here. A refused lift is
// audited after the rollback: compliance sees who tried.
function refuseLift(actor: Actor, customerId: number, flag: ContactFlag) {
  const error = forbidden(permissionRefusal('customers.lift_duties'));
  error.auditAfterRollback = {
    employeeId: actor.employeeId,
    action: 'customer.contact_flag_lift_refused',
    entityType: 'customer',
    entityId: customerId,
    after: { flag, permission: 'customers.lift_duties' },
    ipAddress: actor.ipAddress,
  };
  return error;
}

// PATCH users/contact_flag: a contact flag (DNC, DNL, cease communication, attorney) on or off, with its reason and context, who and when; a
// note in the customer's comments says so ('DNC on: User requested (by Maria D.)'). Any agent sets a
// flag; clearing DNC, cease or attorney needs customers.lift_duties and a reason (decision 046).
export async function setContactFlag(context: Pick<CustomersDeps, 'db' | 'clock'>, actor: Actor, input: FlagInput) {
  const problem = contactFlagProblem(input);
  if (problem) throw unprocessable(problem);
  const label = CONTACT_FLAG_LABELS[input.flag];
  return context.db.transaction(async (tx) => {
    const customer = await repository.lockCustomer(tx, input.user_id);
    if (!customer) throw notFound(`Customer ${input.user_id} was not found.`);
    const current = customer[input.flag];
    const now = context.clock.now();
    if (current === input.on) return { message: `${label} is already ${input.on ? 'on' : 'off'}; nothing changed.` };
    if (liftsContactDuty(input)) {
      if (!hasPermission(actor, 'customers.lift_duties')) throw refuseLift(actor, customer.id, input.flag);
      const liftProblem = contactFlagLiftProblem(input);
      if (liftProblem) throw badRequest(liftProblem);
    }
    // Switching on keeps the reason and context on the row; switching off keeps its reason only in
    // the note and the audit (the row's columns are emptied).
    const reason = input.reason?.trim() || null;
    const flagContext = input.on ? input.context?.trim() || null : null;
    const before = flagState(customer, input.flag);
    await repository.updateCustomer(
      tx,
      customer.id,
      flagColumns(input.flag, input.on, input.on ? reason : null, flagContext, {
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
      before,
      after: { [input.flag]: input.on, reason, context: flagContext },
    });
    return { message: `${label} turned ${input.on ? 'on' : 'off'} for customer ${customer.id}. Note added: ${note}` };
  });
}
