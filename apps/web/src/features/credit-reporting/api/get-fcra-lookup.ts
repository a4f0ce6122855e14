import { queryOptions, useQuery } from '@tanstack/react-query';
import { creditReportingCalls, type FcraLookupResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { creditReportingKeys } from './query-keys.ts';

// GET fcra_dashboard/fcra_lookup {loan_id, report_date}: the loan as the Portal reported it on that
// date, its customer and the customer's other loans.
export function getFcraLookup(loanId: number, reportDate: string, signal?: AbortSignal): Promise<FcraLookupResponse> {
  return callApi(creditReportingCalls.fcraLookup, { query: { loan_id: loanId, report_date: reportDate } }, { signal });
}

// Read fresh each time: a filing, an adjustment or a payment changes what is reported.
export function fcraLookupQueryOptions(loanId: number, reportDate: string) {
  return queryOptions({
    queryKey: creditReportingKeys.lookup(loanId, reportDate),
    queryFn: ({ signal }) => getFcraLookup(loanId, reportDate, signal),
    staleTime: 0,
    retry: false,
  });
}

// No call while no loan is asked for.
export function useFcraLookup(search: { loanId: number; reportDate: string } | null) {
  return useQuery({
    ...fcraLookupQueryOptions(search?.loanId ?? 0, search?.reportDate ?? ''),
    enabled: search !== null,
  });
}
