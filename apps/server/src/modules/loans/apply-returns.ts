import {
  addBusinessDays,
  bounceFeeCents,
  dateInTimeZone,
  debitStopReason,
  failedDebitStop,
  formatDollars,
  formatNoticeDate,
  representmentVerdict,
  unauthorizedReturnStop,
  unauthorizedStopReason,
  type Withdrawal,
} from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { bounces, bulkInsert, loans, payments, type Executor } from '@portal/db';
import type { LoansDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvents, type AuditEvent } from '../../platform/audit.ts';
import { businessToday } from '../../platform/business-date.ts';
import { applyDebitStop, type AppliedStop, type StopCause } from './debit-stop.ts';
import { markEntriesReturned } from './ach-repository.ts';
import {
  findLatestAuthorizationsOfCustomers,
  findPaymentsWithBouncesOfCustomers,
  findStopsInForceOfCustomers,
} from './debit-stop-repository.ts';
import type { BounceRecord, PaymentWithBounces } from './loan-info.ts';
import { notActiveReason } from './loan-state.ts';
import type { LoanRecord, PaymentRecord } from './repository.ts';
import { isNachaReturnCode, returnCodeBook, returnCodeTitle } from './return-codes.ts';
import { withdrawalHistory } from './withdrawal-history.ts';

// Returns recorded (decision 048, issue 41): the one place an ACH return becomes a bounce, for the
// single return staff record (record-return.ts) and for the bank's return file (ach-returns.ts).
// The caller holds the customers' debit locks. For each return, in order: the bounce with the fee
// by policy (contracts' bounceFeeCents), the payment unpaid again; then the failed-debit rules
// (contracts rules/failed-debits.ts) on the customer's withdrawals: an unauthorized return or two
// failures in a row stop automatic debits on all their loans (the second with the consumer-rights
// notice); otherwise an R01 or R09 return is presented again, as a new payment, on the next business
// day, unless a return of its chain was unauthorized. The facts of all the customers are read once,
// the rules run in memory, and the writes go in a few statements (a file of 10,000 returns is one
// batch of bulk writes, not 10,000 round trips); a stop is applied by applyDebitStop after the
// writes before it are flushed.

export type ReturnToApply = { paymentId: number; returnCode: string; returnedOn: string };

export type AppliedReturn =
  | { status: 'refused'; paymentId: number; sentence: string }
  | {
      status: 'recorded';
      paymentId: number;
      loanId: number;
      customerId: number;
      bounceId: number;
      feeCents: number;
      // The returned payment is invalid when a re-presentment took its place, else due again.
      state: 'due' | 'invalid';
      representmentId: number | null;
      stopId: number | null;
      // A consumer-rights notice was queued (the caller nudges the outbox after commit).
      noticeQueued: boolean;
      sentence: string;
    };

type ApplyContext = Pick<
  LoansDeps,
  'clock' | 'businessTimeZone' | 'contactRules' | 'openTicketIdOf' | 'bounceFeeCents'
>;

const dateOf = (at: Date | null, timeZone: string) => (at ? dateInTimeZone(at, timeZone) : null);

// The day the payment left: its due date, or the day it was sent, processing or paid if earlier.
export function presentedOn(payment: PaymentRecord, timeZone: string): string {
  const days = [
    payment.due,
    dateOf(payment.presentedAt, timeZone),
    dateOf(payment.processingAt, timeZone),
    dateOf(payment.paidAt, timeZone),
  ];
  return days.filter((day): day is string => day !== null).sort()[0]!;
}

// Why this payment cannot have come back, in a sentence; null when it can.
export function unreturnableReason(loan: LoanRecord, payment: PaymentRecord, hasReturn: boolean): string | null {
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

// Why the code or the date cannot be right for this payment; null when they can.
export function returnInputProblem(
  input: ReturnToApply,
  payment: PaymentRecord,
  context: Pick<LoansDeps, 'clock' | 'businessTimeZone'>,
): string | null {
  if (!isNachaReturnCode(input.returnCode))
    return `${input.returnCode} is not a NACHA return code; an ACH return carries one such as R01 (Insufficient Funds).`;
  const today = businessToday(context.clock, context.businessTimeZone);
  if (input.returnedOn > today)
    return `The return date ${input.returnedOn} is after today (${today}); enter the day the bank returned it.`;
  const sent = presentedOn(payment, context.businessTimeZone);
  if (input.returnedOn < sent)
    return `Payment ${payment.id} was presented on ${sent}; it cannot have come back on ${input.returnedOn}.`;
  return null;
}

function stopSentence(applied: AppliedStop, noticeOwed: boolean): string {
  const stoppedLoans = applied.stoppedLoanIds.length > 0 ? ` on loans ${applied.stoppedLoanIds.join(', ')}` : '';
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
  return `Automatic debits are stopped${stoppedLoans}${notice}.${withdrawn}`;
}

// Ids taken from a table's identity sequence ahead of a bulk insert, so the rules can name the rows.
async function reserveIds(tx: Executor, table: 'bounces' | 'payments', count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await tx
    .select({ id: sql<string>`nextval(pg_get_serial_sequence(${table}, 'id'))` })
    .from(sql`generate_series(1, ${count})`);
  return rows.map((row) => Number(row.id));
}

// A customer's stop: in force before (applied is null), or applied by this batch (once applied).
type StopState = { id: number; reason: string; applied: AppliedStop | null };

type CustomerState = {
  rows: PaymentWithBounces[];
  loans: Map<number, LoanRecord>;
  stop: StopState | null;
  authorizedOn: string | null;
};

// The facts of the customers the returns are on, read once.
async function readCustomers(tx: Executor, timeZone: string, paymentIds: readonly number[]) {
  const owners = await tx
    .select({ paymentId: payments.id, customerId: loans.customerId })
    .from(payments)
    .innerJoin(loans, eq(loans.id, payments.loanId))
    .where(sql`${payments.id} = any(${sql.param([...new Set(paymentIds)])}::bigint[])`);
  const customerOf = new Map(owners.map((row) => [row.paymentId, row.customerId]));
  const ids = [...new Set(owners.map((row) => row.customerId))];
  const customers = new Map<number, CustomerState>();
  if (ids.length === 0) return { customerOf, customers };
  const idList = sql`${sql.param(ids)}::bigint[]`;
  const rowsOf = await findPaymentsWithBouncesOfCustomers(tx, ids);
  const loanRows = await tx
    .select()
    .from(loans)
    .where(sql`${loans.customerId} = any(${idList})`);
  const stops = await findStopsInForceOfCustomers(tx, ids);
  const authorizations = await findLatestAuthorizationsOfCustomers(tx, ids);
  for (const id of ids)
    customers.set(id, { rows: rowsOf.get(id) ?? [], loans: new Map(), stop: null, authorizedOn: null });
  for (const loan of loanRows) customers.get(loan.customerId)!.loans.set(loan.id, loan);
  for (const stop of stops) customers.get(stop.customerId)!.stop = { id: stop.id, reason: stop.reason, applied: null };
  for (const row of authorizations) customers.get(row.customerId)!.authorizedOn = dateOf(row.givenAt, timeZone);
  return { customerOf, customers };
}

// What the rules decided, waiting to be written in bulk.
type Pending = {
  bounces: (typeof bounces.$inferInsert)[];
  // Each return tied to the ACH entry that presented the payment (its latest not yet returned).
  entryMarks: { paymentId: number; bounceId: number }[];
  returned: Map<number, number>;
  invalidated: Set<number>;
  representments: (typeof payments.$inferInsert)[];
  audits: AuditEvent[];
};

const emptyPending = (): Pending => ({
  bounces: [],
  entryMarks: [],
  returned: new Map(),
  invalidated: new Set(),
  representments: [],
  audits: [],
});

async function flush(tx: Executor, pending: Pending, now: Date): Promise<void> {
  await bulkInsert(tx, bounces, pending.bounces);
  await markEntriesReturned(tx, pending.entryMarks);
  // Unpaid again, with the fee (if any) added to the payment that stays due: one statement for all.
  if (pending.returned.size > 0) {
    const ids = sql.param([...pending.returned.keys()]);
    const fees = sql.param([...pending.returned.values()]);
    await tx.execute(sql`
      update ${payments} set paid_at = null, processing_at = null, refundable = false,
        bounce_fee_cents = ${payments.bounceFeeCents} + r.fee, lock_version = ${payments.lockVersion} + 1
      from unnest(${ids}::bigint[], ${fees}::int[]) as r(id, fee) where ${payments.id} = r.id`);
  }
  await bulkInsert(tx, payments, pending.representments);
  if (pending.invalidated.size > 0)
    await tx
      .update(payments)
      .set({ invalidAt: now, lockVersion: sql`${payments.lockVersion} + 1` })
      .where(sql`${payments.id} = any(${sql.param([...pending.invalidated])}::bigint[])`);
  await recordAuditEvents(tx, pending.audits);
  Object.assign(pending, emptyPending());
}

export async function applyReturns(
  tx: Executor,
  context: ApplyContext,
  actor: Actor,
  inputs: readonly ReturnToApply[],
): Promise<AppliedReturn[]> {
  const timeZone = context.businessTimeZone;
  const now = context.clock.now();
  const presentOn = addBusinessDays(businessToday(context.clock, timeZone), 1);
  const { customerOf, customers } = await readCustomers(
    tx,
    timeZone,
    inputs.map((input) => input.paymentId),
  );
  const bounceIds = await reserveIds(tx, 'bounces', inputs.length);
  const paymentIds = await reserveIds(tx, 'payments', inputs.length);
  const pending = emptyPending();
  const audit = (action: string, entity: [string, number], change: { before?: unknown; after: unknown }) =>
    pending.audits.push({
      employeeId: actor.employeeId,
      action,
      entityType: entity[0],
      entityId: entity[1],
      before: change.before ?? null,
      after: change.after,
      ipAddress: actor.ipAddress,
    });

  // Each return's outcome, made once the stops are applied (a refusal is known at once).
  const finishers: (AppliedReturn | (() => AppliedReturn))[] = [];
  const stops: { customerId: number; cause: StopCause; stop: StopState }[] = [];
  for (const [index, input] of inputs.entries()) {
    const customerId = customerOf.get(input.paymentId);
    const customer = customerId === undefined ? undefined : customers.get(customerId);
    const row = customer?.rows.find((candidate) => candidate.payment.id === input.paymentId);
    if (!customer || !row || customerId === undefined) {
      finishers.push({
        status: 'refused',
        paymentId: input.paymentId,
        sentence: `Payment ${input.paymentId} was not found.`,
      });
      continue;
    }
    const { payment } = row;
    const loan = customer.loans.get(payment.loanId)!;
    const problem =
      unreturnableReason(loan, payment, row.bounces.length > 0) ?? returnInputProblem(input, payment, context);
    if (problem) {
      finishers.push({ status: 'refused', paymentId: payment.id, sentence: problem });
      continue;
    }

    const before = {
      paidAt: payment.paidAt?.toISOString() ?? null,
      processingAt: payment.processingAt?.toISOString() ?? null,
    };
    const feeCents = bounceFeeCents(input.returnCode, context.bounceFeeCents);
    const bounce: BounceRecord = {
      id: bounceIds[index]!,
      paymentId: payment.id,
      loanId: payment.loanId,
      returnCode: input.returnCode,
      bouncedOn: input.returnedOn,
      amountCents: payment.expectedAmountCents,
      feeCents,
      feeWaived: false,
    };
    pending.bounces.push(bounce);
    const presenting = (row.entries ?? []).filter((entry) => entry.returnedBounceId === null).at(-1);
    if (presenting) {
      row.entries = (row.entries ?? []).map((entry) =>
        entry === presenting ? { ...entry, returnedBounceId: bounce.id } : entry,
      );
      pending.entryMarks.push({ paymentId: payment.id, bounceId: bounce.id });
    }
    row.bounces = [...row.bounces, bounce].sort((a, b) => a.bouncedOn.localeCompare(b.bouncedOn) || a.id - b.id);
    row.payment = { ...payment, paidAt: null, processingAt: null, refundable: false };

    const history: Withdrawal[] = withdrawalHistory(customer.rows, timeZone);
    const inForce = customer.stop;
    const stop = failedDebitStop(history, { authorizedOn: customer.authorizedOn });
    const unauthorized = unauthorizedReturnStop(history, payment.id, returnCodeBook);
    // One stop in force per customer: a return while one is in force only records (debits are off).
    const cause: StopCause | null = inForce
      ? null
      : unauthorized.applies
        ? { unauthorized: unauthorized.returned, failures: stop.applies ? stop.failures : null }
        : stop.applies
          ? { unauthorized: null, failures: stop.failures }
          : null;
    if (cause) {
      // Applied once the returns before it are written (applyDebitStop reads and writes the
      // database), after the loop; meanwhile this customer's later returns see it in force.
      const reason = cause.unauthorized
        ? unauthorizedStopReason(cause.unauthorized, returnCodeBook)
        : debitStopReason(businessToday(context.clock, timeZone), cause.failures);
      customer.stop = { id: 0, reason, applied: null };
      stops.push({ customerId, cause, stop: customer.stop });
    }
    const verdict = representmentVerdict(history, payment.id, {
      presentOn,
      stopInForce: customer.stop !== null,
      autoDebit: customer.loans.get(payment.loanId)!.autoDebit,
      returnCodes: returnCodeBook,
    });
    let representmentId: number | null = null;
    if (verdict.allowed) {
      representmentId = paymentIds[index]!;
      const again: PaymentRecord = {
        ...payment,
        id: representmentId,
        due: presentOn,
        paidAt: null,
        processingAt: null,
        presentedAt: null,
        invalidAt: null,
        refundable: false,
        refundedAt: null,
        bounceFeeCents: feeCents,
        userInitiated: false,
        representsPaymentId: verdict.originalPaymentId,
        lockVersion: 0,
        createdAt: now,
      };
      pending.representments.push({
        id: again.id,
        loanId: again.loanId,
        type: again.type,
        expectedAmountCents: again.expectedAmountCents,
        due: again.due,
        originalDue: again.originalDue,
        method: 'ach',
        bounceFeeCents: feeCents,
        representsPaymentId: again.representsPaymentId,
      });
      // The returned payment is kept, invalid, in its place (as a split keeps its original), so the
      // amount is owed once; the fee goes with the payment that is due.
      pending.invalidated.add(payment.id);
      pending.returned.set(payment.id, 0);
      row.payment = { ...row.payment, invalidAt: now };
      customer.rows.push({ payment: again, bounces: [] });
      audit('payment.re_presented', ['payment', again.id], {
        after: {
          represents_payment_id: verdict.originalPaymentId,
          replaces_payment_id: payment.id,
          attempt: verdict.attempt,
          due: presentOn,
          amount_cents: payment.expectedAmountCents,
        },
      });
    } else pending.returned.set(payment.id, feeCents);

    // Written once any stop is applied: the audit and the sentence name it.
    const stopOfThis = cause ? customer.stop : null;
    finishers.push((): AppliedReturn => {
      const applied = stopOfThis?.applied ?? null;
      audit('payment.returned', ['payment', payment.id], {
        before,
        after: {
          bounce_id: bounce.id,
          return_code: input.returnCode,
          returned_on: input.returnedOn,
          fee_cents: feeCents,
          state: representmentId ? 'invalid' : 'due',
          debit_stop_id: applied?.stop.id ?? inForce?.id ?? null,
          re_presentment_payment_id: representmentId,
        },
      });
      const fee = feeCents > 0 ? ` A ${formatDollars(feeCents)} returned-payment fee is added.` : '';
      const recorded = `Return ${input.returnCode} (${returnCodeTitle(input.returnCode)}) of ${formatNoticeDate(input.returnedOn)} recorded on payment ${payment.id}.${fee}`;
      const never = unauthorized.applies ? ` ${verdict.sentence}` : '';
      const outcome = inForce
        ? `${inForce.reason} Payment ${payment.id} is due again; nothing is presented until a new authorization.${never}`
        : applied && unauthorized.applies
          ? `${stop.applies ? `${stop.sentence} ` : ''}${unauthorized.sentence} ${stopSentence(applied, stop.applies)} Payment ${payment.id} is due again, for the customer to pay another way.`
          : applied
            ? `${stop.sentence} ${stopSentence(applied, true)}`
            : representmentId
              ? `${stop.sentence} ${verdict.sentence} It goes out as payment ${representmentId}.`
              : `${stop.sentence} ${verdict.sentence} Payment ${payment.id} is due again.`;
      return {
        status: 'recorded',
        paymentId: payment.id,
        loanId: payment.loanId,
        customerId,
        bounceId: bounce.id,
        feeCents,
        state: representmentId ? 'invalid' : 'due',
        representmentId,
        stopId: applied?.stop.id ?? null,
        noticeQueued: applied?.noticeMessageId != null,
        sentence: `${recorded} ${outcome}`,
      };
    });
  }
  await flush(tx, pending, now);
  // The stops, on the customers' rows as now written.
  for (const { customerId, cause, stop } of stops) {
    const customer = customers.get(customerId)!;
    stop.applied = await applyDebitStop(tx, context, actor, { ...cause, customerId, rows: customer.rows });
    stop.id = stop.applied.stop.id;
  }
  const outcomes = finishers.map((finish) => (typeof finish === 'function' ? finish() : finish));
  await flush(tx, pending, now);
  return outcomes;
}
