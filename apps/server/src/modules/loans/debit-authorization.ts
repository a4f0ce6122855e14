import {
  debitAuthorizationMethodLabels,
  debitAuthorizationProblems,
  type DebitAuthorizationMethod,
  type DebitAuthorizationResponse,
} from '@portal/contracts';
import type { LoansDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordChange } from '../../platform/audit.ts';
import { conflict, notFound, unprocessable } from '../../platform/http-error.ts';
import { findAutomaticStay } from '../bankruptcies/index.ts';
import { findCustomer } from '../customers/index.ts';
import { loansTheStopTurnedOff } from './debit-stop.ts';
import {
  findStopInForce,
  insertDebitAuthorization,
  liftDebitStop,
  lockCustomerDebits,
} from './debit-stop-repository.ts';
import * as repository from './repository.ts';

type Input = { user_id: number; method: DebitAuthorizationMethod; given_at: string; note: string };

const loanList = (ids: readonly number[]) => (ids.length === 1 ? `loan ${ids[0]}` : `loans ${ids.join(', ')}`);

// POST loans/debit_authorization (12 CFR 1041.8(c); decision 048): the customer's new authorization,
// recorded by compliance (customers.lift_duties, declared by the call and checked before this runs)
// with a note that says what was authorized and where it is kept. It lifts the stop in force and
// turns automatic debits back on for the loans that stop turned off, in one transaction under the
// customer's lock, audited with the stop before and after.
export async function recordDebitAuthorization(
  context: Pick<LoansDeps, 'db' | 'clock'>,
  actor: Actor,
  input: Input,
): Promise<DebitAuthorizationResponse> {
  return context.db.transaction(async (tx) => {
    const customer = await findCustomer(tx, input.user_id);
    if (!customer) throw notFound(`Customer ${input.user_id} was not found.`);
    await lockCustomerDebits(tx, customer.id);
    const stop = await findStopInForce(tx, customer.id);
    if (!stop)
      throw conflict(
        `Customer ${customer.id} has no failed-debit stop in force, so there is no stop for a new authorization to lift.`,
      );
    const now = context.clock.now();
    const note = input.note.trim();
    const problems = debitAuthorizationProblems(
      { method: input.method, givenAt: input.given_at, note },
      { stoppedAt: stop.stoppedAt.toISOString(), now },
    );
    const sentences = Object.values(problems);
    if (sentences.length > 0) throw unprocessable(sentences);

    // The column's type takes only its own methods, so a method the wire adds fails to compile here.
    const authorization = await insertDebitAuthorization(tx, {
      customerId: customer.id,
      method: input.method,
      givenAt: new Date(input.given_at),
      note,
      recordedBy: actor.employeeId,
    });
    await liftDebitStop(tx, stop.id, { liftedAt: now, liftedByAuthorizationId: authorization.id });
    await recordChange(tx, actor, 'customer.debit_stop_lifted', ['debit_stop', stop.id], {
      before: { lifted_at: null, lifted_by_authorization_id: null, reason: stop.reason },
      after: { lifted_at: now.toISOString(), lifted_by_authorization_id: authorization.id, note },
    });
    // A bankruptcy filed while the debits were stopped stopped none (they were off): its automatic
    // stay still forbids collecting, so the authorization lifts the stop but turns nothing back on.
    const stay = await findAutomaticStay(tx, customer.id);
    const restored = stay
      ? []
      : await repository.restartAutoDebitsOfLoans(tx, customer.id, await loansTheStopTurnedOff(tx, stop.id));
    for (const loanId of restored)
      await recordChange(tx, actor, 'loan.auto_debit_restarted', ['loan', loanId], {
        before: { auto_debit: false },
        after: { auto_debit: true, reason: 'new_authorization', debit_authorization_id: authorization.id },
      });
    await recordChange(tx, actor, 'customer.debit_authorization_recorded', ['debit_authorization', authorization.id], {
      after: {
        customer_id: customer.id,
        method: input.method,
        given_at: authorization.givenAt.toISOString(),
        note: authorization.note,
        lifted_debit_stop_id: stop.id,
        restored_loan_ids: restored,
      },
    });
    const how = debitAuthorizationMethodLabels[input.method].toLowerCase();
    const debits = stay
      ? `automatic debits stay off: customer ${customer.id} is in an open chapter ${stay.chapter} bankruptcy (case ${stay.caseNumber}), and the automatic stay forbids collecting`
      : restored.length > 0
        ? `automatic debits are back on for ${loanList(restored)}`
        : 'no loan the stop turned off is still active, so no automatic debit was turned back on';
    return {
      message: `The new authorization (${how}) is recorded and the failed-debit stop is lifted; ${debits}.`,
      authorization_id: authorization.id,
      restored_loan_ids: restored,
    };
  });
}
