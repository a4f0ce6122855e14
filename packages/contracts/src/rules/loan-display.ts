// How a loan is labelled (spec 000 sections 4 and 9).

export type LoanTimestamps = {
  approved: string | null;
  accepted: string | null;
  funded: string | null;
  denied: string | null;
  closed_at: string | null;
  paid_off: string | null;
};

export type LoanDisplayStatus =
  | 'DENIED'
  | 'PAID OFF'
  | 'ACTIVE'
  | 'CLOSED/CANCELLED'
  | 'ACCEPTED'
  | 'APPROVED'
  | 'APPLIED';

// First match wins.
export function loanDisplayStatus(loan: LoanTimestamps): LoanDisplayStatus {
  if (loan.denied) return 'DENIED';
  if (loan.paid_off) return 'PAID OFF';
  if (loan.funded) return 'ACTIVE';
  if (loan.closed_at) return 'CLOSED/CANCELLED';
  if (loan.accepted) return 'ACCEPTED';
  if (loan.approved) return 'APPROVED';
  return 'APPLIED';
}

// APPROVED can only be reached when the loan was not accepted, which is what staff need to read.
export function loanDisplayLabel(loan: LoanTimestamps): string {
  const status = loanDisplayStatus(loan);
  return status === 'APPROVED' ? 'Approved - Not Accepted' : status;
}

export type LoanType = 'standard' | 'CreditBuilder' | 'CommunityLoan';

export function loanTypeLabel(type: LoanType): string {
  if (type === 'CreditBuilder') return 'Credit Builder';
  if (type === 'CommunityLoan') return 'Fig 36';
  return 'Standard Loan';
}

// APR is shown as a rounded percent; the wire carries it as a percent number (35.99).
export function aprLabel(aprPercent: number): string {
  return `${Math.round(aprPercent)}%`;
}
