import type { paymentMethods, payments, paymentTypes } from '../schema/index.ts';
import { addMonths, formatDay, nextBusinessDay, weekdayOf } from './calendar.ts';
import { loanTotalCents, payoffCents, splitInstallments } from './loan-schedule.ts';
import type { LoanTimeline } from './loan-timelines.ts';
import type { Random } from './random.ts';
import type { SeedContext } from './seed-context.ts';
import { takeId, type FullRow, type SeedRows } from './seed-rows.ts';

type PaymentMethod = (typeof paymentMethods)[number];
type PaymentType = (typeof paymentTypes)[number];
type PaymentRow = FullRow<typeof payments>;

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

type Draft = {
  type: PaymentType;
  amountCents: number;
  due: number;
  originalDue: number;
  paidMs: number | null;
  processingMs: number | null;
  invalidMs: number | null;
  bounceFeeCents: number;
  userInitiated: boolean;
  createdMs: number;
  bounce: { code: string; day: number; waived: boolean } | null;
};

// Everything the steps below need about one funded loan.
type Loan = {
  context: SeedContext;
  random: Random;
  timeline: LoanTimeline;
  today: number;
  fundedDay: number;
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
    return { ...draftBase(fundedMs), type: 'Installment', amountCents, due, originalDue: due };
  });
  const loan: Loan = { context, random, timeline, today: context.clock.today, fundedDay, drafts, extra: [] };
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

  let lastPaidMs: number | null = null;
  for (const draft of [...drafts, ...loan.extra]) {
    const row = paymentRow(context, random, loanId, draft, method);
    context.rows.payments.push(row);
    if (draft.bounce) addBounce(context.rows, context, loanId, row, draft);
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

// The customer asked for a later date on their next installment ("change payment date").
function moveNextDueDate({ random, drafts, today }: Loan): void {
  const next = drafts.find((draft) => draft.due > today && draft.bounce === null);
  if (next) next.due = nextBusinessDay(next.originalDue + random.int(3, 12));
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
function ensureProcessing({ context, random, drafts, today }: Loan): void {
  if (drafts.some((draft) => draft.processingMs !== null)) return;
  const target = weekdayOf(today) === 0 ? today - 2 : weekdayOf(today) === 6 ? today - 1 : today;
  const next = drafts.find((draft) => draft.paidMs === null && draft.due >= target);
  if (!next) return;
  next.due = target;
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
    { ...original, amountCents: first, createdMs: invalidMs },
    {
      ...original,
      amountCents: original.amountCents - first,
      due: nextBusinessDay(original.due + 14),
      createdMs: invalidMs,
    },
  );
  original.invalidMs = invalidMs;
}

// A one-off payment the customer set up and an agent voided.
function addVoidedCustomPayment({ context, random, today, fundedDay, extra }: Loan): void {
  const { clock } = context;
  const day = nextBusinessDay(today - random.int(5, 40));
  if (day <= fundedDay || day >= today) return;
  extra.push({
    ...draftBase(clock.at(day - 2, 12)),
    type: 'Custom',
    amountCents: random.int(5, 40) * 500,
    due: day,
    originalDue: day,
    userInitiated: true,
    invalidMs: clock.at(day - 1, random.int(9, 17), random.int(0, 59)),
  });
}

// An early repayment scheduled in the coming days, for the payoff amount.
function addEarlyRepayment({ context, random, today, extra }: Loan, payoff: number): number {
  const day = nextBusinessDay(today + random.int(1, 10));
  extra.push({
    ...draftBase(context.clock.at(today - random.int(1, 4), random.int(9, 18), random.int(0, 59))),
    type: 'EarlyRepayment',
    amountCents: payoff,
    due: day,
    originalDue: day,
    userInitiated: random.chance(0.7),
  });
  return day;
}

function draftBase(createdMs: number): Omit<Draft, 'type' | 'amountCents' | 'due' | 'originalDue'> {
  return {
    paidMs: null,
    processingMs: null,
    invalidMs: null,
    bounceFeeCents: 0,
    userInitiated: false,
    createdMs,
    bounce: null,
  };
}

function paymentRow(
  context: SeedContext,
  random: Random,
  loanId: number,
  draft: Draft,
  method: PaymentMethod,
): PaymentRow {
  return {
    id: takeId(context.ids, 'payments'),
    loanId,
    type: draft.type,
    expectedAmountCents: draft.amountCents,
    due: formatDay(draft.due),
    originalDue: formatDay(draft.originalDue),
    method,
    paidAt: draft.paidMs === null ? null : new Date(draft.paidMs),
    processingAt: draft.processingMs === null ? null : new Date(draft.processingMs),
    invalidAt: draft.invalidMs === null ? null : new Date(draft.invalidMs),
    bounceFeeCents: draft.bounceFeeCents,
    userInitiated: draft.userInitiated,
    // A few cleared payments can be refunded (an overpayment, a duplicate pull).
    refundable: draft.paidMs !== null && random.chance(0.025),
    refundedAt: null,
    lockVersion: 0,
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
