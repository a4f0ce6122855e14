import { isActiveByMilestones, type LoanInfo } from '@portal/contracts';

// Newest application first.
export function sortNewestFirst(loans: readonly LoanInfo[]): LoanInfo[] {
  return [...loans].sort((a, b) => Date.parse(b.applied) - Date.parse(a.applied) || b.id - a.id);
}

export function latestLoan(loans: readonly LoanInfo[]): LoanInfo | null {
  return sortNewestFirst(loans)[0] ?? null;
}

// The server's rule (contracts rules/active-loan.ts), not the ACTIVE label: a loan whose funding
// came back is labelled ACTIVE but owes nothing.
export function isActiveLoan(loan: LoanInfo): boolean {
  return isActiveByMilestones({
    funded: loan.funded !== null,
    fundingReturned: loan.funding_returned !== null,
    denied: loan.denied !== null,
    paidOff: loan.paid_off !== null,
    closed: loan.closed_at !== null,
  });
}

// Spec 000 section 4: only active loans plus the latest are shown unless Show History is chosen.
export function visibleLoans(loans: readonly LoanInfo[], showHistory: boolean): LoanInfo[] {
  const sorted = sortNewestFirst(loans);
  if (showHistory) return sorted;
  const latestId = sorted[0]?.id;
  return sorted.filter((loan) => loan.id === latestId || isActiveLoan(loan));
}

// Paid history recent enough to explain the balance, and the next few payments, the ones agents act
// on; the rest waits behind "Show all payments". A loan with nothing left to pay shows none.
export const RECENT_PAID_SHOWN = 2;
export const UPCOMING_SHOWN = 4;

// Payments in date order (a rescheduled or early-repayment payment sits where it now falls).
export function sortByDue<T extends { due: string; id: number }>(payments: readonly T[]): T[] {
  return [...payments].sort((a, b) => a.due.localeCompare(b.due) || a.id - b.id);
}

export function paymentsToShow<T extends { state: string; due: string; id: number; type: string }>(
  payments: readonly T[],
  showAll: boolean,
): T[] {
  const sorted = sortByDue(payments);
  if (showAll) return sorted;
  const open = sorted.filter((payment) => payment.state === 'due' || payment.state === 'processing');
  if (open.length === 0) return [];
  const processing = open.filter((payment) => payment.state === 'processing');
  const upcoming = open.filter((payment) => payment.state === 'due').slice(0, UPCOMING_SHOWN);
  // A scheduled payoff is what the customer asks about: it always shows.
  const payoffs = open.filter((payment) => payment.type === 'EarlyRepayment');
  const settled = sorted
    .filter((payment) => payment.state === 'paid' || payment.state === 'invalid')
    .slice(-RECENT_PAID_SHOWN);
  const shown = new Set([...processing, ...upcoming, ...payoffs, ...settled]);
  return sorted.filter((payment) => shown.has(payment));
}
