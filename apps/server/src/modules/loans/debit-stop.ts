import {
  debitStopReason,
  ONLY_COMPLIANCE_LIFTS_STOP,
  unauthorizedStopReason,
  type LoanInfo,
  type ReturnedWithdrawal,
} from '@portal/contracts';
import type { Executor } from '@portal/db';
import type { LoansDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { findAuditTrail, recordChange } from '../../platform/audit.ts';
import { businessToday } from '../../platform/business-date.ts';
import { findCustomer } from '../customers/index.ts';
import { consumerRightsNotice, queueConsumerRightsNotice, type FailedTransfer } from './consumer-rights-notice.ts';
import { findStopInForce, insertDebitStop, type DebitStopRecord } from './debit-stop-repository.ts';
import { conflictWithLoan } from './loan-card.ts';
import type { PaymentWithBounces } from './loan-info.ts';
import { paymentState } from './loan-state.ts';
import * as repository from './repository.ts';
import { returnCodeBook, returnCodeTitle } from './return-codes.ts';

// The debit stop applied and read (decision 048): after two failed withdrawals in a row (12 CFR
// 1041.8(b), 1041.9(c)) or an unauthorized return (NACHA; Reg E 12 CFR 1005.10(c); issue 37),
// automatic debits off on all of the customer's loans, scheduled re-presentments withdrawn, a
// debit_stops row naming the returns, the consumer-rights notice queued when 1041.8 applied, every
// step audited in the caller's transaction.

const STOPPED_ACTION = 'customer.debits_stopped';

// Automatic debits off on the customer's active loans, each loan's event saying why (the reason and
// its context), as a bankruptcy's stay records them. Answers the loans turned off.
export async function stopAutoDebitsWithReason(
  tx: Executor,
  caller: Pick<Actor, 'employeeId' | 'ipAddress'>,
  customerId: number,
  why: { reason: string; context: Record<string, unknown> },
): Promise<number[]> {
  const stopped = await repository.stopAutoDebitsOfCustomer(tx, customerId);
  for (const loanId of stopped)
    await recordChange(tx, caller, 'loan.auto_debit_stopped', ['loan', loanId], {
      before: { auto_debit: true },
      after: { auto_debit: false, reason: why.reason, ...why.context },
    });
  return stopped;
}

function failedTransferOf(failure: ReturnedWithdrawal, rows: readonly PaymentWithBounces[]): FailedTransfer {
  const row = rows.find(({ payment }) => payment.id === failure.paymentId);
  const bounce = row?.bounces.find((candidate) => candidate.id === failure.outcome.bounceId);
  return {
    presentedOn: failure.presentedOn,
    amountCents: bounce?.amountCents ?? row?.payment.expectedAmountCents ?? 0,
    loanId: failure.loanId,
    method: row?.payment.method ?? 'ach',
    code: failure.outcome.code,
    title: returnCodeTitle(failure.outcome.code),
  };
}

// A re-presentment scheduled but not sent yet is withdrawn once debits stop (it would be an
// automatic debit, and a new authorization sets the terms of the next ones): it goes invalid and
// the returned payment it took the place of is due again. The other scheduled payments stay due,
// for the customer to pay another way: with the loans' automatic debits off none is sent by ACH.
// Answers the withdrawn payments.
async function withdrawScheduledRepresentments(
  tx: Executor,
  actor: Actor,
  rows: readonly PaymentWithBounces[],
  at: { now: Date; reason: StopKind },
): Promise<number[]> {
  const { now, reason } = at;
  const scheduled = rows.filter(
    ({ payment, bounces }) =>
      payment.representsPaymentId !== null && paymentState(payment) === 'due' && bounces.length === 0,
  );
  for (const { payment } of scheduled) {
    // The latest returned payment of the same original entry is the one it replaced.
    const replaced = rows
      .filter(
        (row) =>
          row.payment.id !== payment.id &&
          row.payment.invalidAt !== null &&
          row.bounces.length > 0 &&
          (row.payment.id === payment.representsPaymentId ||
            row.payment.representsPaymentId === payment.representsPaymentId),
      )
      .sort((a, b) => a.payment.id - b.payment.id)
      .at(-1)?.payment;
    await repository.updatePayment(tx, payment.id, { invalidAt: now });
    if (replaced) await repository.updatePayment(tx, replaced.id, { invalidAt: null });
    await recordChange(tx, actor, 'payment.re_presentment_withdrawn', ['payment', payment.id], {
      before: { invalidAt: null },
      after: { invalidAt: now.toISOString(), reason, due_again_payment_id: replaced?.id ?? null },
    });
  }
  return scheduled.map(({ payment }) => payment.id);
}

export type AppliedStop = {
  stop: DebitStopRecord;
  stoppedLoanIds: number[];
  noticeMessageId: number | null;
  // Where the notice went (the customer's email address), when it was queued, and the gate's
  // sentence when it held it for the customer's quiet hours.
  noticeTo: string | null;
  noticeHeld: string | null;
  withdrawnPaymentIds: number[];
};

// Why a stop applies: the two failures in a row of 1041.8(b) (which owe the consumer-rights notice),
// an unauthorized return, or both (an unauthorized return that is the second failure in a row).
export type StopCause =
  | { failures: readonly ReturnedWithdrawal[]; unauthorized: null }
  | { failures: readonly ReturnedWithdrawal[] | null; unauthorized: ReturnedWithdrawal };

// What the loans' and the withdrawn payments' audit events give as the reason.
type StopKind = 'failed_debits' | 'unauthorized_return';

const bounceIdsOf = (returns: readonly ReturnedWithdrawal[]) =>
  returns.flatMap((entry) => (entry.outcome.bounceId ? [entry.outcome.bounceId] : []));

// The stop: debits off, re-presentments withdrawn, the notice when owed, audit. `rows` are the
// customer's payments with their bounces as they stand after the return was written. The reason the
// card shows names the unauthorized return when there is one (it says most about why), else the
// two failures.
export async function applyDebitStop(
  tx: Executor,
  context: Pick<LoansDeps, 'clock' | 'businessTimeZone' | 'contactRules' | 'openTicketIdOf'>,
  actor: Actor,
  input: StopCause & { customerId: number; rows: readonly PaymentWithBounces[] },
): Promise<AppliedStop> {
  const now = context.clock.now();
  const { failures, unauthorized } = input;
  const reason = unauthorized
    ? unauthorizedStopReason(unauthorized, returnCodeBook)
    : debitStopReason(businessToday(context.clock, context.businessTimeZone), failures);
  // A 1041.8 stop names its two failures (stopOwesConsumerRightsNotice reads that); one applied by
  // an unauthorized return alone names that return.
  const bounceIds = bounceIdsOf(failures ?? [unauthorized!]);
  const kind: StopKind = unauthorized ? 'unauthorized_return' : 'failed_debits';
  const stoppedLoanIds = await stopAutoDebitsWithReason(tx, actor, input.customerId, {
    reason: kind,
    context: { bounce_ids: bounceIds },
  });
  const withdrawnPaymentIds = await withdrawScheduledRepresentments(tx, actor, input.rows, { now, reason: kind });
  const customer = failures ? await findCustomer(tx, input.customerId) : undefined;
  const notice =
    customer && failures
      ? await queueConsumerRightsNotice(
          tx,
          context,
          actor,
          customer,
          consumerRightsNotice(
            customer.firstName,
            failures.map((failure) => failedTransferOf(failure, input.rows)),
            stoppedLoanIds,
          ),
        )
      : null;
  const noticeMessageId = notice?.id ?? null;
  const stop = await insertDebitStop(tx, {
    customerId: input.customerId,
    stoppedAt: now,
    bounceIds,
    reason,
    noticeMessageId,
  });
  await recordChange(tx, actor, STOPPED_ACTION, ['debit_stop', stop.id], {
    after: {
      customer_id: input.customerId,
      reason,
      cause: unauthorized
        ? failures
          ? 'unauthorized_return_and_failed_debits'
          : 'unauthorized_return'
        : 'failed_debits',
      bounce_ids: bounceIds,
      stopped_loan_ids: stoppedLoanIds,
      notice_message_id: noticeMessageId,
      withdrawn_payment_ids: withdrawnPaymentIds,
    },
  });
  return {
    stop,
    stoppedLoanIds,
    noticeMessageId,
    noticeTo: noticeMessageId === null ? null : (customer?.email ?? null),
    noticeHeld: notice?.heldSentence ?? null,
    withdrawnPaymentIds,
  };
}

// The loans a stop turned off, as its audit event recorded them: a new authorization turns these
// back on, and no others (a loan off for another reason, a bankruptcy's stay, stays off).
export async function loansTheStopTurnedOff(tx: Executor, stopId: number): Promise<number[]> {
  const events = await findAuditTrail(tx, [{ entityType: 'debit_stop', entityIds: [String(stopId)] }], 20);
  const after = events.find((event) => event.action === STOPPED_ACTION)?.after;
  const ids =
    typeof after === 'object' && after !== null ? (after as { stopped_loan_ids?: unknown }).stopped_loan_ids : [];
  return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
}

// Automatic debits stay off while a stop is in force: turning them on for one loan is refused
// (409, with the loan) saying why and what lifts it.
export async function refuseWhileDebitsStopped(tx: Executor, customerId: number, card: LoanInfo): Promise<void> {
  const stop = await findStopInForce(tx, customerId);
  if (stop)
    throw conflictWithLoan(
      `${stop.reason} ${ONLY_COMPLIANCE_LIFTS_STOP} Automatic payments stay off for loan ${card.id} until then.`,
      card,
    );
}
