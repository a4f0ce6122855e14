// Where the credit reporting screens live: /fcra (also /acdv), the loan lookup and /cr_adj.
export const creditReportingPaths = {
  acdv: '/fcra',
  lookup: '/fcra/lookup',
  adjustments: '/cr_adj',
};

// The lookup of one loan, filled in (and searched) from the URL.
export function fcraLookupPath(loanId: number, reportDate?: string): string {
  const params = new URLSearchParams({ loan_id: String(loanId) });
  if (reportDate) params.set('report_date', reportDate);
  return `${creditReportingPaths.lookup}?${params.toString()}`;
}
