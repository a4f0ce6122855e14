// The credit reporting feature's query keys.
export const creditReportingKeys = {
  all: ['credit-reporting'] as const,
  lookups: () => ['credit-reporting', 'lookup'] as const,
  lookup: (loanId: number, reportDate: string) => ['credit-reporting', 'lookup', loanId, reportDate] as const,
  acdvRequests: () => ['credit-reporting', 'acdv-request'] as const,
  acdvRequest: (skip: readonly string[]) => ['credit-reporting', 'acdv-request', [...skip]] as const,
  acdvImage: (controlNumber: string) => ['credit-reporting', 'acdv-image', controlNumber] as const,
  reportingFiles: () => ['credit-reporting', 'reporting-files'] as const,
};
