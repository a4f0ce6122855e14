// Whether a loan is active: the one definition of the Portal. The server reads it from a loan's
// timestamps (loans/loan-state.ts isActiveLoan, and activeLoanWhere for queries, tested to agree),
// the web app from the wire's (the loans shown until Show History is chosen).
//
// Not the display status: loanDisplayStatus labels every funded loan ACTIVE unless it was denied or
// paid off (spec 000 section 4, first match wins), so a loan whose funding came back still reads
// ACTIVE on its card; it owes nothing, and is not active.

// The events of a loan's life that decide it, each true once it happened.
export type LoanMilestones = {
  funded: boolean;
  fundingReturned: boolean;
  denied: boolean;
  paidOff: boolean;
  closed: boolean;
};

// The money went out and did not come back, and the loan was neither denied, paid off nor closed.
export function isActiveByMilestones(loan: LoanMilestones): boolean {
  return loan.funded && !loan.fundingReturned && !loan.denied && !loan.paidOff && !loan.closed;
}
