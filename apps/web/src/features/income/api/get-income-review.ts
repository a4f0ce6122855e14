import { queryOptions, useQuery } from '@tanstack/react-query';
import { incomeCalls, type IncomeReviewResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { incomeKeys } from './query-keys.ts';

// GET income/review: the next loan whose paystubs need review, leased to me, or review null when
// none is left; need_review_total counts them all.
export function getIncomeReview(signal?: AbortSignal): Promise<IncomeReviewResponse> {
  return callApi(incomeCalls.review, {}, { signal });
}

// Each call leases a loan on the server: never served from a cache, never retried on its own, and
// forgotten as soon as the screen closes.
export function incomeReviewQueryOptions() {
  return queryOptions({
    queryKey: incomeKeys.review(),
    queryFn: ({ signal }) => getIncomeReview(signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useIncomeReview() {
  return useQuery(incomeReviewQueryOptions());
}
