import { HIGH_RISK_RETURN_CODES, type PaymentUpdateAction } from '@portal/contracts';
import type { paymentMethods, payments, paymentTypes } from '@portal/db';
import { addMonths, formatDay, HOUR_MS, nextBusinessDay, weekdayOf } from './calendar.ts';
import { loanTotalCents, payoffCents, splitInstallments } from '@portal/db/seed';
import type { LoanTimeline } from './loan-timelines.ts';
import { createSideRandom, type Random } from './random.ts';
import { pickEmployee, type SeedContext } from './seed-context.ts';
import { takeId, type FullRow, type SeedRows } from './seed-rows.ts';

type PaymentMethod = (typeof paymentMethods)[number];
type PaymentType = (typeof paymentTypes)[number];
type PaymentRow = FullRow<typeof payments>;

// The customer whose loan it is, for changes they make in the customer app and the methods they
// can pay by (a bank account, a debit card on file).
export type PaymentOwner = { customerId: number; methodsOnFile: readonly PaymentMethod[] };

// What the rest of the generator (ticket texts) needs to know about a loan's payments.
export type PaymentSummary = {
  // When the last payment cleared, for loans that are paid off.
  paidOffMs: number | null;
  maturityDay: number | null;
  nextDue: { day: number; amountCents: number } | null;
  // The sum of installments not yet paid.
  outstandingCents: number;
  // The amount that would pay the loan off now.
  payoffCents: number;
  bounced: boolean;
  earlyRepaymentDay: number | null;
};

// ACH return codes by how often they happen; R07, R08 and R10 are the high-risk ones (spec 9).
const returnCodes: ReadonlyArray<readonly [string, number]> = [
  ['R01', 50],
  ['R09', 8],
  ['R02', 10],
  ['R03', 4],
  ['R08', 6],
  ['R07', 5],
  ['R10', 5],
  ['R16', 5],
  ['R20', 3],
  ['R29', 4],
];
const BOUNCE_FEE_CENTS = 1500;

// Scheduled ACH pulls are sent the evening before the due date and settle about three days later:
// until then a payment is processing.
const SETTLEMENT_DAYS = 3;

// Payment updates (decision 036): of the installments due in the past year or the coming weeks, this
// share was moved to another date or switched between ACH and debit card before it was collected;
// most by an agent (often at the customer's request), the rest by the customer in the customer app.
const CHANGED_SHARE = 0.03;
const METHOD_CHANGE_SHARE = 0.35;
const STAFF_CHANGE_SHARE = 0.7;
// How far ahead customers change an upcoming payment, and how far a moved payment goes.
const CHANGE_AHEAD_DAYS = 45;
const MOVE_DAYS = { min: 2, max: 14 };
// The product lets a payment move at most this far past maturity (PAYMENT_DATE_GRACE_DAYS's default).
const MATURITY_GRACE_DAYS = 30;
// The side stream of a loan's payment changes (random.ts): its draws leave the customer's stream, and
// so their other rows, as they were.
const PAYMENT_CHANGE_STREAM = 0x0a07_0002;

type ChangedBy = { employeeId: number; customerId: null } | { employeeId: null; customerId: number };
type Moment = { atMs: number; by: ChangedBy };
// A change the product audits (loans/payment-changes.ts), kept with the payment until its id is known.
type PaymentChange = Moment &
  (
    | { action: Extract<PaymentUpdateAction, 'payment.rescheduled'>; from: number; to: number }
    | { action: Extract<PaymentUpdateAction, 'payment.method_changed'>; from: PaymentMethod; to: PaymentMethod }
  );

type Draft = {
  type: PaymentType;
  amountCents: number;
  due: number;
  originalDue: number;
  method: PaymentMethod;
  paidMs: number | null;
  processingMs: number | null;
  invalidMs: number | null;
  bounceFeeCents: number;
  userInitiated: boolean;
  createdMs: number;
  bounce: { code: string; day: number; waived: boolean } | null;
  // Audited changes, oldest first; the draft holds their result.
  changes: PaymentChange[];
};

// Everything the steps below need about one funded loan.
type Loan = {
  context: SeedContext;
  random: Random;
  // Draws for the audited changes only.
  side: Random;
  owner: PaymentOwner;
  timeline: LoanTimeline;
  today: number;
  fundedDay: number;
  method: PaymentMethod;
  drafts: Draft[];
  // Payments outside the installment schedule (custom, early repayment).
  extra: Draft[];
};

export function addLoanPayments(
  context: SeedContext,
  random: Random,
  loanId: number,
  timeline: LoanTimeline,
  method: PaymentMethod,
  autoDebit: boolean,
  owner: PaymentOwner,
): PaymentSummary {
  const { fundedDay, fundedMs, principalCents } = timeline;
  if (fundedDay === null || fundedMs === null || principalCents === null) {
    return {
      paidOffMs: null,
      maturityDay: null,
      nextDue: null,
      outstandingCents: 0,
      payoffCents: 0,
      bounced: false,
      earlyRepaymentDay: null,
    };
  }
  const { state, extras } = timeline.plan;
  const n = timeline.installments;
  const amounts = splitInstallments(loanTotalCents(principalCents, timeline.aprBasisPoints, n), n);
  const drafts = amounts.map((amountCents, index): Draft => {
    const due = nextBusinessDay(addMonths(fundedDay, index + 1));
    return { ...draftBase(fundedMs, method), type: 'Installment', amountCents, due, originalDue: due };
  });
  const loan: Loan = {
    context,
    random,
    side: createSideRandom(context.seed, PAYMENT_CHANGE_STREAM, loanId),
    owner,
    timeline,
    today: context.clock.today,
    fundedDay,
    method,
    drafts,
    extra: [],
  };
  const maturityDay = drafts[drafts.length - 1]?.originalDue ?? null;

  const paidUpTo = state === 'delinquent' ? markDelinquency(loan) : state === 'fundingReturned' ? 0 : n;
  if ((state === 'active' && (extras.bounce ?? random.chance(0.1))) || (state === 'paidOff' && random.chance(0.05))) {
    addBounceHistory(loan);
  }
  if (state === 'active' && random.chance(0.05)) moveNextDueDate(loan);
  settle(loan, paidUpTo, autoDebit);
  if (state === 'active' && extras.processing) ensureProcessing(loan);
  if (state === 'active' && (extras.split ?? random.chance(0.03))) splitNextInstallment(loan);
  if ((state === 'active' || state === 'delinquent') && random.chance(0.02)) addVoidedCustomPayment(loan);

  const unpaid = drafts.filter((draft) => draft.paidMs === null && draft.invalidMs === null);
  const paidInstallments = drafts.filter((draft) => draft.paidMs !== null).length;
  const payoff = payoffCents(principalCents, timeline.aprBasisPoints, n, Math.min(paidInstallments, n));
  const earlyRepaymentDay =
    state === 'active' && unpaid.length > 1 && (extras.earlyRepayment ?? random.chance(0.06))
      ? addEarlyRepayment(loan, payoff)
      : null;
  if (maturityDay !== null && (state === 'active' || state === 'delinquent' || state === 'paidOff'))
    changeSomePayments(loan, maturityDay);

  let lastPaidMs: number | null = null;
  for (const draft of [...drafts, ...loan.extra]) {
    const row = paymentRow(context, random, loanId, draft);
    context.rows.payments.push(row);
    if (draft.bounce) addBounce(context.rows, context, loanId, row, draft);
    for (const change of draft.changes) addChangeAudit(context, row.id, change);
    if (draft.paidMs !== null) lastPaidMs = Math.max(lastPaidMs ?? 0, draft.paidMs);
  }
  const next = unpaid.find((draft) => draft.due >= loan.today) ?? unpaid[0];
  return {
    paidOffMs: unpaid.length === 0 ? lastPaidMs : null,
    maturityDay,
    nextDue: next ? { day: next.due, amountCents: next.amountCents } : null,
    outstandingCents: unpaid.reduce((sum, draft) => sum + draft.amountCents, 0),
    payoffCents: payoff,
    bounced: drafts.some((draft) => draft.bounce !== null),
    earlyRepaymentDay,
  };
}

// A delinquent loan stopped paying after a few installments; the first missed one bounced.
// Answers how many installments were paid.
function markDelinquency({ random, drafts, today }: Loan): number {
  const pastCount = drafts.filter((draft) => draft.due < today - SETTLEMENT_DAYS).length;
  const paid = random.int(1, Math.max(1, Math.min(drafts.length - 1, pastCount - 1)));
  const missed = drafts[paid];
  if (missed && random.chance(0.7) && missed.due + 2 < today) bounce(random, missed);
  return paid;
}

// A bounce on a regular loan: either long ago and paid on the retry, or recent with the retry ahead.
function addBounceHistory({ random, drafts, today, timeline }: Loan): void {
  const recent = timeline.plan.state === 'active' && random.chance(0.4);
  // Never the last installment: its retry would move a paid-off date past the schedule.
  const earlier = drafts.slice(0, -1);
  const candidates = earlier.filter((draft) =>
    recent ? draft.due >= today - 12 && draft.due <= today - SETTLEMENT_DAYS : draft.due <= today - 20,
  );
  const bounced = candidates[candidates.length - 1] ?? earlier.find((draft) => draft.due <= today - 20);
  if (!bounced) return;
  bounce(random, bounced);
  // The retry goes out two weeks after the original date.
  bounced.due = nextBusinessDay(bounced.originalDue + 14);
}

function bounce(random: Random, draft: Draft): void {
  draft.bounce = {
    code: random.weighted(returnCodes),
    day: nextBusinessDay(draft.originalDue + 2),
    waived: random.chance(0.2),
  };
  draft.bounceFeeCents = draft.bounce.waived ? 0 : BOUNCE_FEE_CENTS;
}

// The customer asked for a later date on their next installment ("change payment date"), in the
// last days: an agent moved it, or the customer did in the app.
function moveNextDueDate(loan: Loan): void {
  const { random, drafts, today } = loan;
  const next = drafts.find((draft) => draft.due > today && draft.bounce === null);
  if (!next) return;
  const due = nextBusinessDay(next.originalDue + random.int(3, 12));
  const moment = changeMoment(loan, today - 10, today - 1, next.createdMs);
  if (moment) reschedule(next, due, moment);
}

// Cleared well before today -> paid; pulled in the last few days -> processing; else due.
function settle({ context, random, drafts, today, timeline }: Loan, paidUpTo: number, autoDebit: boolean): void {
  const { clock } = context;
  const { state } = timeline.plan;
  const open = state === 'active' || state === 'delinquent';
  drafts.forEach((draft, index) => {
    if (index >= paidUpTo) return;
    // Without autopay the customer pays by hand, a day sooner than a pull would settle.
    if (state === 'paidOff' || draft.due < today - SETTLEMENT_DAYS + (autoDebit ? 0 : 1)) {
      draft.paidMs = clock.at(draft.due + random.int(0, 1), random.int(6, 15), random.int(0, 59));
    } else if (draft.due <= today && autoDebit && open) {
      draft.processingMs = clock.at(draft.due - 1, 22, random.int(0, 59));
    }
  });
}

// A loan planned with a payment in flight gets one even when its schedule missed the window:
// the next installment was moved (at the customer's request) to the latest business day.
function ensureProcessing(loan: Loan): void {
  const { context, random, drafts, today } = loan;
  if (drafts.some((draft) => draft.processingMs !== null)) return;
  const target = weekdayOf(today) === 0 ? today - 2 : weekdayOf(today) === 6 ? today - 1 : today;
  const next = drafts.find((draft) => draft.paidMs === null && draft.due >= target);
  if (!next) return;
  if (next.due !== target) {
    // Moved before the pull went out the evening before. When no moment follows an earlier move of
    // the same payment (moveNextDueDate's), that one is forgotten and this is the only move.
    const earlier = next.changes[0];
    const latest = next.changes[next.changes.length - 1];
    let moment = changeMoment(loan, target - 7, target - 1, latest?.atMs ?? next.createdMs);
    if (!moment && earlier?.action === 'payment.rescheduled') {
      next.due = earlier.from;
      next.changes = [];
      moment = changeMoment(loan, target - 7, target - 1, next.createdMs);
    }
    if (moment) reschedule(next, target, moment);
    else next.due = target;
  }
  next.processingMs = context.clock.at(target - 1, 22, random.int(0, 59));
}

// Split: an agent replaced one installment by two smaller ones; the original is kept, invalid.
function splitNextInstallment({ context, random, drafts, today }: Loan): void {
  const index = drafts.findIndex((draft) => draft.due > today + 2 && draft.paidMs === null && draft.bounce === null);
  const original = drafts[index];
  if (!original) return;
  const invalidMs = context.clock.at(today - random.int(1, 10), random.int(9, 17), random.int(0, 59));
  const first = Math.round(original.amountCents / 2 / 100) * 100;
  drafts.splice(
    index + 1,
    0,
    { ...original, amountCents: first, createdMs: invalidMs, changes: [] },
    {
      ...original,
      amountCents: original.amountCents - first,
      due: nextBusinessDay(original.due + 14),
      createdMs: invalidMs,
      changes: [],
    },
  );
  original.invalidMs = invalidMs;
}

// A one-off payment the customer set up and an agent voided.
function addVoidedCustomPayment({ context, random, today, fundedDay, method, extra }: Loan): void {
  const { clock } = context;
  const day = nextBusinessDay(today - random.int(5, 40));
  if (day <= fundedDay || day >= today) return;
  extra.push({
    ...draftBase(clock.at(day - 2, 12), method),
    type: 'Custom',
    amountCents: random.int(5, 40) * 500,
    due: day,
    originalDue: day,
    userInitiated: true,
    invalidMs: clock.at(day - 1, random.int(9, 17), random.int(0, 59)),
  });
}

// An early repayment scheduled in the coming days, for the payoff amount.
function addEarlyRepayment({ context, random, today, method, extra }: Loan, payoff: number): number {
  const day = nextBusinessDay(today + random.int(1, 10));
  extra.push({
    ...draftBase(context.clock.at(today - random.int(1, 4), random.int(9, 18), random.int(0, 59)), method),
    type: 'EarlyRepayment',
    amountCents: payoff,
    due: day,
    originalDue: day,
    userInitiated: random.chance(0.7),
  });
  return day;
}

function draftBase(
  createdMs: number,
  method: PaymentMethod,
): Omit<Draft, 'type' | 'amountCents' | 'due' | 'originalDue'> {
  return {
    method,
    paidMs: null,
    processingMs: null,
    invalidMs: null,
    bounceFeeCents: 0,
    userInitiated: false,
    createdMs,
    bounce: null,
    changes: [],
  };
}

function paymentRow(context: SeedContext, random: Random, loanId: number, draft: Draft): PaymentRow {
  return {
    id: takeId(context.ids, 'payments'),
    loanId,
    type: draft.type,
    expectedAmountCents: draft.amountCents,
    due: formatDay(draft.due),
    originalDue: formatDay(draft.originalDue),
    method: draft.method,
    paidAt: draft.paidMs === null ? null : new Date(draft.paidMs),
    processingAt: draft.processingMs === null ? null : new Date(draft.processingMs),
    presentedAt: draft.processingMs === null ? null : new Date(draft.processingMs),
    invalidAt: draft.invalidMs === null ? null : new Date(draft.invalidMs),
    bounceFeeCents: draft.bounceFeeCents,
    userInitiated: draft.userInitiated,
    // A few cleared payments can be refunded (an overpayment, a duplicate pull).
    refundable: draft.paidMs !== null && random.chance(0.025),
    refundedAt: null,
    representsPaymentId: null,
    // The product's every update of a payment takes its lock version one up.
    lockVersion: draft.changes.length,
    createdAt: new Date(draft.createdMs),
  };
}

function addBounce(rows: SeedRows, context: SeedContext, loanId: number, payment: PaymentRow, draft: Draft): void {
  const bounce = draft.bounce;
  if (!bounce) return;
  rows.bounces.push({
    id: takeId(context.ids, 'bounces'),
    paymentId: payment.id,
    loanId,
    returnCode: bounce.code,
    bouncedOn: formatDay(bounce.day),
    amountCents: draft.amountCents,
    feeCents: BOUNCE_FEE_CENTS,
    feeWaived: bounce.waived,
  });
}

// Some installments due in the past year or the coming weeks were changed before they were
// collected, as the product would have done it (loans/payment-changes.ts): moved to a later weekday
// (within the grace after maturity), or switched to the other method when the customer has it on
// file (back to ACH not after a high-risk return, which only a payments admin may override).
// Paid ones stay paid, on their new date; upcoming ones stay upcoming.
function changeSomePayments(loan: Loan, maturityDay: number): void {
  const { side, drafts, today, owner } = loan;
  const highRisk = drafts.some(
    (draft) => draft.bounce !== null && (HIGH_RISK_RETURN_CODES as readonly string[]).includes(draft.bounce.code),
  );
  const latestPaidDue = today - SETTLEMENT_DAYS - 2;
  for (const draft of drafts) {
    const paid = draft.paidMs !== null;
    const changeable =
      draft.type === 'Installment' &&
      draft.invalidMs === null &&
      draft.processingMs === null &&
      draft.bounce === null &&
      draft.changes.length === 0 &&
      (paid
        ? draft.due <= latestPaidDue && draft.due > today - 365
        : draft.due > today && draft.due <= today + CHANGE_AHEAD_DAYS);
    if (!changeable || !side.chance(CHANGED_SHARE)) continue;
    const moment = changeMoment(loan, draft.due - 14, draft.due - 1, draft.createdMs);
    if (!moment) continue;
    const method = draft.method === 'ach' ? 'debit' : 'ach';
    const toggles =
      owner.methodsOnFile.includes(method) && !(method === 'ach' && highRisk) && side.chance(METHOD_CHANGE_SHARE);
    if (toggles) {
      draft.changes.push({ ...moment, action: 'payment.method_changed', from: draft.method, to: method });
      draft.method = method;
      continue;
    }
    const due = nextBusinessDay(draft.due + side.int(MOVE_DAYS.min, MOVE_DAYS.max));
    if (due > maturityDay + MATURITY_GRACE_DAYS || (paid && due > latestPaidDue)) continue;
    // A paid one was collected as late as it was moved.
    if (draft.paidMs !== null) draft.paidMs += (due - draft.due) * 24 * HOUR_MS;
    reschedule(draft, due, moment);
  }
}

function reschedule(draft: Draft, due: number, moment: Moment): void {
  draft.changes.push({ ...moment, action: 'payment.rescheduled', from: draft.due, to: due });
  draft.due = due;
}

// When a change was made and by whom: an agent on a weekday in office hours (8:00 to 16:59), or the
// customer in the app any day (7:00 to 21:59, before a pull goes out at 22:00); on a day from
// fromDay to untilDay, in the past year and before today, and after afterMs (when the payment was
// made or last changed). Null when the draw finds no such moment.
function changeMoment(loan: Loan, fromDay: number, untilDay: number, afterMs: number): Moment | null {
  const { context, side, today, fundedDay, owner } = loan;
  const first = Math.max(fromDay, fundedDay + 1, today - 365);
  const last = Math.min(untilDay, today - 1);
  if (first > last) return null;
  const staff = side.chance(STAFF_CHANGE_SHARE);
  let day = side.int(first, last);
  const weekday = weekdayOf(day);
  if (staff && (weekday === 0 || weekday === 6)) {
    // Agents work weekdays: the Friday before, else the Monday after.
    const friday = day - (weekday === 0 ? 2 : 1);
    day = friday >= first ? friday : nextBusinessDay(day);
    if (day > last) return null;
  }
  const atMs = staff
    ? context.clock.at(day, side.int(8, 16), side.int(0, 59))
    : context.clock.at(day, side.int(7, 21), side.int(0, 59));
  if (atMs <= afterMs) return null;
  const by: ChangedBy = staff
    ? { employeeId: pickEmployee(context, side), customerId: null }
    : { employeeId: null, customerId: owner.customerId };
  return { atMs, by };
}

// The audit row the product writes with the change (applyReschedule, applyToggleMethod): the
// employee, or none and made_by 'customer' for a change in the customer app (decision 036).
function addChangeAudit(context: SeedContext, paymentId: number, change: PaymentChange): void {
  const madeBy = change.by.customerId === null ? {} : { made_by: 'customer', customer_id: change.by.customerId };
  const [before, after] =
    change.action === 'payment.rescheduled'
      ? [{ due: formatDay(change.from) }, { due: formatDay(change.to), ...madeBy }]
      : [{ method: change.from }, { method: change.to, ...madeBy }];
  context.rows.auditEvents.push({
    id: takeId(context.ids, 'auditEvents'),
    employeeId: change.by.employeeId,
    action: change.action,
    entityType: 'payment',
    entityId: String(paymentId),
    before,
    after,
    // The seed has no request to take an address from.
    ipAddress: null,
    requestId: null,
    createdAt: new Date(change.atMs),
  });
}
