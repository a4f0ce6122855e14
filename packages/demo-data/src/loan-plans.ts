import type { loanTypes } from '@portal/db';
import type { Random } from './random.ts';

export type LoanType = (typeof loanTypes)[number];

// The states of spec 000 section 4 that the demo data must show, as the generator plans them.
// "active" and "delinquent" are both funded and open; a delinquent loan stopped paying.
export const loanStates = [
  'applied',
  'approved',
  'accepted',
  'active',
  'delinquent',
  'fundingReturned',
  'denied',
  'closedApproved',
  'cancelled',
  'paidOff',
] as const;
export type LoanState = (typeof loanStates)[number];

// Features a plan can ask for; unset ones are left to chance.
export type LoanExtras = {
  type?: LoanType;
  earlyRepayment?: boolean;
  bounce?: boolean;
  split?: boolean;
  processing?: boolean;
  statements?: number;
  fraudAlert?: boolean;
  stage3?: boolean;
  settlement?: boolean;
};

export type LoanPlan = { state: LoanState; extras: LoanExtras };

// The newest loans of the first customers are fixed, so that even a small demo database shows
// every state and every control the spec describes.
const fixedNewestPlans: LoanPlan[] = [
  { state: 'active', extras: { earlyRepayment: true } },
  { state: 'applied', extras: { statements: 3, fraudAlert: true } },
  { state: 'approved', extras: {} },
  { state: 'accepted', extras: {} },
  { state: 'fundingReturned', extras: {} },
  { state: 'denied', extras: { stage3: true } },
  { state: 'closedApproved', extras: {} },
  { state: 'paidOff', extras: {} },
  { state: 'delinquent', extras: { settlement: true } },
  { state: 'cancelled', extras: {} },
  { state: 'active', extras: { bounce: true } },
  { state: 'active', extras: { split: true } },
  { state: 'active', extras: { processing: true } },
  { state: 'applied', extras: { type: 'CreditBuilder' } },
  { state: 'active', extras: { type: 'CommunityLoan' } },
  { state: 'denied', extras: { stage3: false } },
  { state: 'applied', extras: { statements: 4, fraudAlert: false, stage3: false } },
  { state: 'active', extras: { earlyRepayment: true, processing: true } },
];

const newestStateWeights: ReadonlyArray<readonly [LoanState, number]> = [
  ['applied', 8],
  ['approved', 5],
  ['accepted', 4],
  ['active', 36],
  ['delinquent', 5],
  ['fundingReturned', 1.5],
  ['denied', 15],
  ['closedApproved', 4],
  ['cancelled', 2.5],
  ['paidOff', 19],
];

// Loans before the newest one have mostly run their course.
const olderStateWeights: ReadonlyArray<readonly [LoanState, number]> = [
  ['paidOff', 65],
  ['denied', 18],
  ['closedApproved', 6],
  ['cancelled', 6],
  ['active', 5],
];

export function planNewestLoan(random: Random, customerIndex: number): LoanPlan {
  return fixedNewestPlans[customerIndex] ?? { state: random.weighted(newestStateWeights), extras: {} };
}

export function planOlderLoan(random: Random): LoanPlan {
  return { state: random.weighted(olderStateWeights), extras: {} };
}

export function isFunded(state: LoanState): boolean {
  return state === 'active' || state === 'delinquent' || state === 'fundingReturned' || state === 'paidOff';
}
