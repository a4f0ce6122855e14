import { APPROVAL_CODE_ALPHABET, APPROVAL_CODE_LENGTH } from '@portal/contracts';
import { endOfPreviousMonth, formatDay, HOUR_MS, MINUTE_MS } from './calendar.ts';
import type { CustomerProfile } from './generate-customers.ts';
import { addLoanPayments, type PaymentSummary } from './generate-payments.ts';
import { isFunded, planNewestLoan, planOlderLoan, type LoanPlan, type LoanState } from './loan-plans.ts';
import { planTimeline, type LoanTimeline } from './loan-timelines.ts';
import type { Random } from './random.ts';
import { pickEmployee, type SeedContext } from './seed-context.ts';
import { takeId } from './seed-rows.ts';

// What tickets and the customer row need to know about a customer's loans.
export type LoanHistory = {
  firstAppliedMs: number;
  paidOffLoans: number;
  newest: { id: number; state: LoanState; payments: PaymentSummary };
};

const denyReasons: ReadonlyArray<readonly [string, number]> = [
  ['stage_3', 25],
  ['insufficient_income', 20],
  ['identity_not_verified', 12],
  ['too_many_bounces', 12],
  ['bank_account_too_new', 10],
  ['high_debt_to_income', 15],
  ['fraud_suspected', 6],
];
const experiments = ['instant_funding_v2', 'autopay_default_on', 'shorter_terms'];

const loanCommentBodies = [
  'Income verified with the two most recent paystubs.',
  'Customer asked about funding time; told one to two business days.',
  'Bank statements reviewed: no NSF in the last 60 days.',
  'Counter-offer explained to the customer.',
  'Customer asked to turn autopay off and pay by card instead.',
  'Sent payoff quote by text.',
  'Customer says the employer changed pay dates; may need a date change next month.',
  'Called the customer about the returned payment; retry agreed.',
];
const fraudAlertBodies = [
  'Fraud alert: the phone number on the application belongs to someone else.',
  'Fraud alert: bank statements look edited; fonts do not match.',
  'Fraud alert: the same bank account appears on another customer.',
];

export function generateLoans(context: SeedContext, random: Random, profile: CustomerProfile): LoanHistory {
  const { clock } = context;
  const loanCount = random.weighted([
    [1, 55],
    [2, 30],
    [3, 15],
  ]);

  // Plan newest first, walking back in time; write oldest first, so the newest loan has the highest id.
  const timelines: LoanTimeline[] = [];
  let latestDay = clock.today - 1;
  for (let number = 0; number < loanCount; number += 1) {
    const newest = number === 0;
    const plan: LoanPlan = newest ? planNewestLoan(random, profile.index) : planOlderLoan(random);
    const timeline = planTimeline(random, clock, plan, latestDay, newest);
    timelines.push(timeline);
    latestDay = timeline.appliedDay - random.int(4, 45);
  }
  timelines.reverse();

  let paidOffLoans = 0;
  let newest: LoanHistory['newest'] | null = null;
  for (const timeline of timelines) {
    const loanId = takeId(context.ids, 'loans');
    const payments = addLoan(context, random, profile, loanId, timeline);
    if (payments.paidOffMs !== null) paidOffLoans += 1;
    newest = { id: loanId, state: timeline.plan.state, payments };
  }
  const first = timelines[0];
  if (!first || !newest) throw new Error('generateLoans: every customer has a loan');
  return { firstAppliedMs: first.appliedMs, paidOffLoans, newest };
}

function addLoan(
  context: SeedContext,
  random: Random,
  profile: CustomerProfile,
  loanId: number,
  timeline: LoanTimeline,
): PaymentSummary {
  const { clock, rows } = context;
  const { state, extras } = timeline.plan;
  const accepted = timeline.acceptedMs !== null;
  const fundingMethod = !accepted
    ? null
    : profile.hasDebitCard && (!profile.hasBankAccount || random.chance(0.3))
      ? 'debit'
      : 'ach';
  const autoDebit = state === 'delinquent' ? random.chance(0.5) : random.chance(0.85);
  const methodsOnFile = [
    ...(profile.hasBankAccount ? ['ach' as const] : []),
    ...(profile.hasDebitCard ? ['debit' as const] : []),
  ];
  const payments = addLoanPayments(context, random, loanId, timeline, fundingMethod ?? 'ach', autoDebit, {
    customerId: profile.id,
    methodsOnFile,
  });

  const deniedMs = timeline.deniedMs;
  const denyReason =
    deniedMs === null
      ? null
      : extras.stage3
        ? 'stage_3'
        : extras.stage3 === false
          ? 'insufficient_income'
          : random.weighted(denyReasons);
  const denialSentMs = deniedMs === null || !random.chance(0.85) ? null : deniedMs + random.int(1, 26) * HOUR_MS;
  const pastMaturity = payments.maturityDay !== null && payments.maturityDay < clock.today;
  const settles = state === 'delinquent' && pastMaturity && (extras.settlement ?? random.chance(0.6));

  rows.loans.push({
    id: loanId,
    customerId: profile.id,
    type: timeline.type,
    appliedAt: new Date(timeline.appliedMs),
    approvedAt: toDate(timeline.approvedMs),
    acceptedAt: toDate(timeline.acceptedMs),
    fundedAt: toDate(timeline.fundedMs),
    fundingReturnedAt: toDate(timeline.fundingReturnedMs),
    deniedAt: toDate(deniedMs),
    denyReason,
    denialSentAt: denialSentMs === null || denialSentMs >= clock.nowMs ? null : new Date(denialSentMs),
    closedAt: toDate(timeline.closedMs),
    paidOffAt: toDate(payments.paidOffMs),
    maturity: payments.maturityDay === null ? null : formatDay(payments.maturityDay),
    appliedAmountCents: timeline.appliedAmountCents,
    cashAdvancedCents: timeline.principalCents,
    installmentCount: timeline.installments,
    aprBasisPoints: timeline.aprBasisPoints,
    approvalCode: timeline.approvedMs === null ? null : random.chars(APPROVAL_CODE_ALPHABET, APPROVAL_CODE_LENGTH),
    autoDebit,
    fundingMethod,
    // A settlement offer: a little over half of what is left, in whole dollars.
    settlementMinCents: settles ? Math.round((payments.outstandingCents * 0.55) / 100) * 100 : null,
    amountCreditedCents: isFunded(state) && random.chance(0.03) ? random.int(10, 50) * 100 : 0,
    approvedAmountCents: null,
    appealedAt: null,
    alertClearedAt: null,
    lockVersion: 0,
    experiment: random.chance(0.1) ? random.pick(experiments) : null,
    stage3: denyReason === 'stage_3' || (state === 'applied' && extras.stage3 === undefined && random.chance(0.05)),
    manuals: state === 'applied' && random.chance(0.05),
    uploadOpen: state === 'applied' && random.chance(0.35),
    createdAt: new Date(timeline.appliedMs),
  });

  addStatements(context, random, loanId, timeline, denyReason);
  addLoanComments(context, random, loanId, timeline);
  return payments;
}

// Bank statements the applicant uploaded, one per month before the application.
function addStatements(
  context: SeedContext,
  random: Random,
  loanId: number,
  timeline: LoanTimeline,
  denyReason: string | null,
): void {
  const { state, extras } = timeline.plan;
  const count =
    extras.statements ??
    (denyReason === 'stage_3'
      ? 3
      : state === 'applied'
        ? random.chance(0.45)
          ? random.int(1, 4)
          : 0
        : isFunded(state) && random.chance(0.25)
          ? random.int(1, 3)
          : 0);
  let monthEnd = endOfPreviousMonth(timeline.appliedDay);
  for (let number = 0; number < count; number += 1) {
    const date = formatDay(monthEnd);
    context.rows.statements.push({
      id: takeId(context.ids, 'statements'),
      loanId,
      storageKey: `statements/${loanId}/${date}.pdf`,
      pageNumber: 1,
      statementDate: date,
    });
    monthEnd = endOfPreviousMonth(monthEnd);
  }
}

function addLoanComments(context: SeedContext, random: Random, loanId: number, timeline: LoanTimeline): void {
  const { clock } = context;
  const { state, extras } = timeline.plan;
  const bodies: string[] = [];
  // Only unapproved applications carry an open fraud alert (the card's Clear Alert button).
  if (state === 'applied' && (extras.fraudAlert ?? random.chance(0.06))) bodies.push(random.pick(fraudAlertBodies));
  if (random.chance(0.12)) {
    const count = random.int(1, 2);
    for (let number = 0; number < count; number += 1) bodies.push(random.pick(loanCommentBodies));
  }
  const span = Math.max(clock.nowMs - timeline.appliedMs - MINUTE_MS, MINUTE_MS);
  for (const body of bodies) {
    context.rows.loanComments.push({
      id: takeId(context.ids, 'loanComments'),
      loanId,
      employeeId: pickEmployee(context, random),
      body,
      createdAt: new Date(timeline.appliedMs + Math.floor(random.next() * Math.min(span, 30 * 24 * HOUR_MS))),
    });
  }
}

function toDate(ms: number | null): Date | null {
  return ms === null ? null : new Date(ms);
}
