import {
  addBusinessDays,
  dateInTimeZone,
  failedDebitStop,
  formatNoticeDate,
  representmentVerdict,
  unauthorizedReturnStop,
} from '@portal/contracts';
import type { Transaction } from '@portal/db';
import type { LoansDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordChange } from '../../platform/audit.ts';
import { businessToday } from '../../platform/business-date.ts';
import { notFound, unprocessable } from '../../platform/http-error.ts';
import { applyDebitStop, type AppliedStop, type StopCause } from './debit-stop.ts';
import {
  findCustomerPaymentsWithBounces,
  findLatestAuthorizationGivenAt,
  findStopInForce,
  insertBounce,
  lockCustomerDebits,
} from './debit-stop-repository.ts';
import { assertLoanRule, lockPaymentForChange } from './loan-card.ts';
import { findCustomerIdOfPayment } from './loan-reads.ts';
import { notActiveReason } from './loan-state.ts';
import * as repository from './repository.ts';
import type { LoanRecord, PaymentRecord } from './repository.ts';
import { isNachaReturnCode, returnCodeBook, returnCodeTitle } from './return-codes.ts';
import { runLoanChange, type LoanChangeOutcome } from './run-loan-change.ts';
import { withdrawalHistory } from './withdrawal-history.ts';

// POST payments/record_return (decision 048): an ACH return the bank reported. In one transaction,
// under the customer's lock: the bounce is recorded and the payment is unpaid again; then the
// failed-debit rules (contracts rules/failed-debits.ts) read the customer's withdrawals: an
// unauthorized return (R05, R07, ... as the reference data lists them) or two failures in a row stop
// automatic debits on all their loans (the second with the consumer-rights notice); otherwise an R01
// or R09 return is presented again, as a new payment, on the next business day, unless a return of
// its entry's chain was unauthorized. This is the one place the Portal records a return.

type Input = { payment_id: number; return_code: string; returned_on: string };

const dateOf = (at: Date | null, timeZone: string) => (at ? dateInTimeZone(at, timeZone) : null);

// The day the payment left: its due date, or the day it was sent, processing or paid if earlier.
function presentedOn(payment: PaymentRecord, timeZone: string): string {
  const days = [
    payment.due,
    dateOf(payment.presentedAt, timeZone),
    dateOf(payment.processingAt, timeZone),
    dateOf(payment.paidAt, timeZone),
  ];
  return days.filter((day): day is string => day !== null).sort()[0]!;
}

// Why this payment cannot have come back, in a sentence; null when it can.
function unreturnableReason(loan: LoanRecord, payment: PaymentRecord, hasReturn: boolean): string | null {
  if (payment.invalidAt)
    return `Payment ${payment.id} is invalid (cancelled), so it was not collected and cannot come back.`;
  if (payment.method !== 'ach')
    return `Payment ${payment.id} was charged to the debit card; only an ACH debit comes back with a NACHA return code.`;
  if (!payment.paidAt && !payment.processingAt)
    return hasReturn
      ? `Payment ${payment.id} was already returned and has not been presented since, so it cannot come back again.`
      : `Payment ${payment.id} was never presented (it is due on ${formatNoticeDate(payment.due)}), so it cannot come back.`;
  return notActiveReason(loan);
}

function checkReturn(input: Input, payment: PaymentRecord, context: Pick<LoansDeps, 'clock' | 'businessTimeZone'>) {
  if (!isNachaReturnCode(input.return_code))
    throw unprocessable(
      `${input.return_code} is not a NACHA return code; an ACH return carries one such as R01 (Insufficient Funds).`,
    );
  const today = businessToday(context.clock, context.businessTimeZone);
  if (input.returned_on > today)
    throw unprocessable(
      `The return date ${input.returned_on} is after today (${today}); enter the day the bank returned it.`,
    );
  const sent = presentedOn(payment, context.businessTimeZone);
  if (input.returned_on < sent)
    throw unprocessable(
      `Payment ${payment.id} was presented on ${sent}; it cannot have come back on ${input.returned_on}.`,
    );
}

async function scheduleRepresentment(
  tx: Transaction,
  actor: Actor,
  payment: PaymentRecord,
  representation: { originalPaymentId: number; attempt: number; due: string },
  now: Date,
): Promise<PaymentRecord> {
  const again = await repository.insertPayment(tx, {
    loanId: payment.loanId,
    type: payment.type,
    expectedAmountCents: payment.expectedAmountCents,
    due: representation.due,
    originalDue: payment.originalDue,
    method: 'ach',
    representsPaymentId: representation.originalPaymentId,
  });
  // The returned payment is kept, invalid, in its place (as a split keeps its original), so the
  // amount is owed once.
  await repository.updatePayment(tx, payment.id, { invalidAt: now });
  await recordChange(tx, actor, 'payment.re_presented', ['payment', again.id], {
    after: {
      represents_payment_id: representation.originalPaymentId,
      replaces_payment_id: payment.id,
      attempt: representation.attempt,
      due: representation.due,
      amount_cents: payment.expectedAmountCents,
    },
  });
  return again;
}

function stopSentence(applied: AppliedStop, noticeOwed: boolean): string {
  const loans = applied.stoppedLoanIds.length > 0 ? ` on loans ${applied.stoppedLoanIds.join(', ')}` : '';
  const notice = !noticeOwed
    ? ''
    : applied.noticeMessageId
      ? applied.noticeHeld
        ? ` and the consumer-rights notice to ${applied.noticeTo} is held for the customer's quiet hours, not sent yet (${applied.noticeHeld.charAt(0).toLowerCase()}${applied.noticeHeld.slice(1).replace(/\.$/, '')})`
        : ` and the consumer-rights notice is queued to ${applied.noticeTo}`
      : ' and no consumer-rights notice could be emailed (no email address on file): send it by mail';
  const withdrawn =
    applied.withdrawnPaymentIds.length > 0
      ? ` The scheduled re-presentment (payment ${applied.withdrawnPaymentIds.join(', ')}) is withdrawn.`
      : '';
  return `Automatic debits are stopped${loans}${notice}.${withdrawn}`;
}

export function recordReturn(context: LoansDeps, actor: Actor, input: Input) {
  return runLoanChange(context, async (tx): Promise<LoanChangeOutcome> => {
    const customerId = await findCustomerIdOfPayment(tx, input.payment_id);
    if (customerId === undefined) throw notFound(`Payment ${input.payment_id} was not found.`);
    await lockCustomerDebits(tx, customerId);
    const { record: loan, card, payment } = await lockPaymentForChange(tx, context, input.payment_id);
    const hasReturn = (card.payments.find((entry) => entry.id === payment.id)?.bounces.length ?? 0) > 0;
    const reason = unreturnableReason(loan, payment, hasReturn);
    assertLoanRule(reason === null, reason ?? '', card);
    checkReturn(input, payment, context);

    const now = context.clock.now();
    const timeZone = context.businessTimeZone;
    const bounce = await insertBounce(tx, {
      paymentId: payment.id,
      loanId: payment.loanId,
      returnCode: input.return_code,
      bouncedOn: input.returned_on,
      amountCents: payment.expectedAmountCents,
    });
    await repository.updatePayment(tx, payment.id, { paidAt: null, processingAt: null, refundable: false });

    const rows = await findCustomerPaymentsWithBounces(tx, customerId);
    const history = withdrawalHistory(rows, timeZone);
    const inForce = await findStopInForce(tx, customerId);
    const authorizedAt = await findLatestAuthorizationGivenAt(tx, customerId);
    const stop = failedDebitStop(history, { authorizedOn: dateOf(authorizedAt, timeZone) });
    const unauthorized = unauthorizedReturnStop(history, payment.id, returnCodeBook);
    // One stop in force per customer: a return while one is in force only records (debits are off).
    const cause: StopCause | null = inForce
      ? null
      : unauthorized.applies
        ? { unauthorized: unauthorized.returned, failures: stop.applies ? stop.failures : null }
        : stop.applies
          ? { unauthorized: null, failures: stop.failures }
          : null;
    const applied = cause ? await applyDebitStop(tx, context, actor, { ...cause, customerId, rows }) : null;
    const presentOn = addBusinessDays(businessToday(context.clock, timeZone), 1);
    const verdict = representmentVerdict(history, payment.id, {
      presentOn,
      stopInForce: inForce !== undefined || applied !== null,
      autoDebit: loan.autoDebit,
      returnCodes: returnCodeBook,
    });
    const again = verdict.allowed
      ? await scheduleRepresentment(tx, actor, payment, { ...verdict, due: presentOn }, now)
      : null;

    await recordChange(tx, actor, 'payment.returned', ['payment', payment.id], {
      before: {
        paidAt: payment.paidAt?.toISOString() ?? null,
        processingAt: payment.processingAt?.toISOString() ?? null,
      },
      after: {
        bounce_id: bounce.id,
        return_code: input.return_code,
        returned_on: input.returned_on,
        state: again ? 'invalid' : 'due',
        debit_stop_id: applied?.stop.id ?? inForce?.id ?? null,
        re_presentment_payment_id: again?.id ?? null,
      },
    });

    const recorded = `Return ${input.return_code} (${returnCodeTitle(input.return_code)}) of ${formatNoticeDate(input.returned_on)} recorded on payment ${payment.id}.`;
    const never = unauthorized.applies ? ` ${verdict.sentence}` : '';
    const outcome = inForce
      ? `${inForce.reason} Payment ${payment.id} is due again; nothing is presented until a new authorization.${never}`
      : applied && unauthorized.applies
        ? `${stop.applies ? `${stop.sentence} ` : ''}${unauthorized.sentence} ${stopSentence(applied, stop.applies)} Payment ${payment.id} is due again, for the customer to pay another way.`
        : applied
          ? `${stop.sentence} ${stopSentence(applied, true)}`
          : again
            ? `${stop.sentence} ${verdict.sentence} It goes out as payment ${again.id}.`
            : `${stop.sentence} ${verdict.sentence} Payment ${payment.id} is due again.`;
    return {
      loanId: loan.id,
      message: `${recorded} ${outcome}`,
      afterCommit: applied?.noticeMessageId
        ? async () => {
            context.outbox.nudge();
          }
        : undefined,
    };
  });
}
