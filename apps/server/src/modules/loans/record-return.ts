import type { LoansDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { notFound, unprocessable } from '../../platform/http-error.ts';
import { applyReturns, returnInputProblem, unreturnableReason } from './apply-returns.ts';
import { lockCustomerDebits } from './debit-stop-repository.ts';
import { assertLoanRule, lockPaymentForChange } from './loan-card.ts';
import { findCustomerIdOfPayment } from './loan-reads.ts';
import { runLoanChange, type LoanChangeOutcome } from './run-loan-change.ts';

// POST payments/record_return (decision 048): an ACH return the bank reported, recorded by hand. In
// one transaction, under the customer's lock, the payment is checked as the loan card shows it (a
// refusal answers the loan), then the return is applied as every return is (apply-returns.ts).

type Input = { payment_id: number; return_code: string; returned_on: string };

export function recordReturn(context: LoansDeps, actor: Actor, input: Input) {
  return runLoanChange(context, async (tx): Promise<LoanChangeOutcome> => {
    const customerId = await findCustomerIdOfPayment(tx, input.payment_id);
    if (customerId === undefined) throw notFound(`Payment ${input.payment_id} was not found.`);
    await lockCustomerDebits(tx, customerId);
    const { record: loan, card, payment } = await lockPaymentForChange(tx, context, input.payment_id);
    const hasReturn = (card.payments.find((entry) => entry.id === payment.id)?.bounces.length ?? 0) > 0;
    const reason = unreturnableReason(loan, payment, hasReturn);
    assertLoanRule(reason === null, reason ?? '', card);
    const toApply = { paymentId: payment.id, returnCode: input.return_code, returnedOn: input.returned_on };
    const problem = returnInputProblem(toApply, payment, context);
    if (problem) throw unprocessable(problem);
    const [outcome] = await applyReturns(tx, context, actor, [toApply]);
    if (!outcome || outcome.status !== 'recorded')
      throw new Error(`recordReturn: payment ${payment.id} was not recorded.`);
    return {
      loanId: loan.id,
      message: outcome.sentence,
      afterCommit: outcome.noticeQueued
        ? async () => {
            context.outbox.nudge();
          }
        : undefined,
    };
  });
}
