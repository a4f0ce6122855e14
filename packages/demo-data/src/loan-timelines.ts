import { addMonths, dayOfMonth, MINUTE_MS, nextBusinessDay, type Clock } from './calendar.ts';
import { isFunded, type LoanPlan, type LoanType } from './loan-plans.ts';
import type { Random } from './random.ts';

// When each step of a loan happened. Steps follow one another (applied <= approved <= accepted
// <= funded), and none is later than the start of today.
export type LoanTimeline = {
  plan: LoanPlan;
  type: LoanType;
  appliedAmountCents: number;
  // The amount offered on approval (sometimes a counter-offer below the request).
  principalCents: number | null;
  installments: number;
  aprBasisPoints: number;
  appliedDay: number;
  appliedMs: number;
  approvedMs: number | null;
  acceptedMs: number | null;
  fundedDay: number | null;
  fundedMs: number | null;
  fundingReturnedMs: number | null;
  deniedMs: number | null;
  closedMs: number | null;
};

const loanTypeWeights: ReadonlyArray<readonly [LoanType, number]> = [
  ['standard', 78],
  ['CommunityLoan', 12],
  ['CreditBuilder', 10],
];

// A loan's terms: small loans run a few months, large ones up to two years.
function planTerms(random: Random, type: LoanType): { amountCents: number; installments: number; apr: number } {
  if (type === 'CreditBuilder') {
    return { amountCents: random.int(6, 20) * 5000, installments: random.pick([6, 12]), apr: 1800 };
  }
  if (type === 'CommunityLoan') {
    // "Fig 36": the community loan at 36% APR.
    return { amountCents: random.int(10, 60) * 5000, installments: random.pick([6, 12, 18]), apr: 3600 };
  }
  const dollars = random.weighted<readonly [number, number]>([
    [[300, 1000], 45],
    [[1000, 2500], 35],
    [[2500, 5000], 20],
  ]);
  const amountCents = random.int(dollars[0] / 50, dollars[1] / 50) * 5000;
  // Bigger loans go to better credit: longer terms, lower rates.
  if (amountCents < 100_000)
    return { amountCents, installments: random.pick([4, 6, 8]), apr: random.pick([14900, 17900, 19900]) };
  if (amountCents < 250_000)
    return { amountCents, installments: random.pick([6, 8, 10, 12]), apr: random.pick([9900, 12900, 14900]) };
  return { amountCents, installments: random.pick([12, 18, 24]), apr: random.pick([5900, 7900, 9900]) };
}

// Times of consecutive steps ending on `lastDay`: each step is on the same day as the one before
// or a few days later, in a later band of business hours, so the order always holds.
type Steps = { firstDay: number; times: number[] };
function stepTimes(random: Random, clock: Clock, lastDay: number, steps: number, maxGapDays: number): Steps {
  const days = new Array<number>(steps);
  days[steps - 1] = lastDay;
  for (let step = steps - 2; step >= 0; step -= 1) days[step] = (days[step + 1] ?? lastDay) - random.int(0, maxGapDays);
  const times = days.map((day, step) => clock.at(day, 7 + step * 3 + random.int(0, 2), random.int(0, 59)));
  return { firstDay: days[0] ?? lastDay, times };
}

// `latestDay` is the last day this loan's own steps may fall on: yesterday for a customer's
// newest loan, a while before the next loan's application for older ones.
export function planTimeline(
  random: Random,
  clock: Clock,
  plan: LoanPlan,
  latestDay: number,
  newest: boolean,
): LoanTimeline {
  const type = plan.extras.type ?? random.weighted(loanTypeWeights);
  const terms = planTerms(random, type);
  const n = terms.installments;
  const today = clock.today;
  const counterOffer = random.chance(0.1);
  const offeredCents = counterOffer
    ? Math.max(30_000, Math.round((terms.amountCents * 0.75) / 5000) * 5000)
    : terms.amountCents;

  let steps: Steps = { firstDay: latestDay, times: [] };
  let fundedDay: number | null = null;
  let fundingReturnedMs: number | null = null;
  switch (plan.state) {
    case 'applied':
      steps = stepTimes(random, clock, latestDay - random.int(0, 9), 1, 0);
      break;
    case 'approved':
      steps = stepTimes(random, clock, latestDay - random.int(0, 13), 2, 2);
      break;
    case 'accepted':
      steps = stepTimes(random, clock, latestDay - random.int(0, 3), 3, 2);
      break;
    case 'denied':
      steps = stepTimes(random, clock, latestDay - random.int(0, newest ? 300 : 150), 2, 3);
      break;
    case 'closedApproved':
      steps = stepTimes(random, clock, latestDay - random.int(0, newest ? 200 : 120), 3, 5);
      break;
    case 'cancelled':
      steps = stepTimes(random, clock, latestDay - random.int(0, newest ? 200 : 120), 2, 5);
      break;
    case 'active':
      // Newest active loans are somewhere in their schedule; older ones still running began recently.
      fundedDay = newest ? today - random.int(3, Math.max(4, (n - 1) * 30 - 5)) : latestDay - random.int(10, 80);
      if (plan.extras.processing) fundedDay = fundedForProcessing(today) ?? fundedDay;
      break;
    case 'delinquent':
      fundedDay = plan.extras.settlement
        ? today - n * 31 - random.int(30, 200)
        : today - random.int(100, Math.max(101, n * 31 + 200));
      break;
    case 'fundingReturned':
      fundedDay = today - random.int(6, 20);
      break;
    case 'paidOff': {
      // Funded n months before the day it was paid off, so the last installment lands there.
      const paidOffDay = newest ? today - random.int(5, 500) : latestDay - random.int(3, 40);
      fundedDay = addMonths(paidOffDay, -n) - random.int(0, 3);
      break;
    }
  }
  if (fundedDay !== null) steps = stepTimes(random, clock, fundedDay, 4, 2);
  if (plan.state === 'fundingReturned' && fundedDay !== null) {
    fundingReturnedMs = clock.at(fundedDay + random.int(2, 4), 20, random.int(0, 59));
  }

  const { times } = steps;
  const appliedMs = times[0] ?? clock.nowMs - MINUTE_MS;
  const second = times[1] ?? null;
  const third = times[2] ?? null;
  const approved = plan.state !== 'applied' && plan.state !== 'denied' && plan.state !== 'cancelled';
  return {
    plan,
    type,
    appliedAmountCents: terms.amountCents,
    principalCents: approved ? offeredCents : null,
    installments: n,
    aprBasisPoints: terms.apr,
    appliedDay: steps.firstDay,
    appliedMs,
    approvedMs: approved ? second : null,
    acceptedMs: plan.state === 'accepted' || isFunded(plan.state) ? third : null,
    fundedDay,
    fundedMs: fundedDay === null ? null : (times[3] ?? null),
    fundingReturnedMs,
    deniedMs: plan.state === 'denied' ? second : null,
    closedMs: plan.state === 'cancelled' ? second : plan.state === 'closedApproved' ? third : null,
  };
}

// A funding day two months before a recent business day (in the last three days, and no later
// than the 28th, where schedules stay put), so the second installment is being collected now.
function fundedForProcessing(today: number): number | null {
  for (let day = today; day >= today - 3; day -= 1) {
    if (nextBusinessDay(day) === day && dayOfMonth(day) <= 28) return addMonths(day, -2);
  }
  return null;
}
