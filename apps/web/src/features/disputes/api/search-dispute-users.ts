import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { disputeCalls, type DisputeUserSearchQuery, type DisputeUserSearchResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { disputeKeys } from './query-keys.ts';

// GET disputes_dashboard/search/user_search {criteria, page}: the customers who may have sent the
// dispute (one unique identifier, or at least two other fields; userSearchProblem).
export function searchDisputeUsers(
  query: DisputeUserSearchQuery,
  signal?: AbortSignal,
): Promise<DisputeUserSearchResponse> {
  return callApi(disputeCalls.userSearch, { query }, { signal });
}

export function disputeUserSearchQueryOptions(query: DisputeUserSearchQuery) {
  return queryOptions({
    queryKey: disputeKeys.userSearch(query),
    queryFn: ({ signal }) => searchDisputeUsers(query, signal),
    staleTime: 15_000,
    retry: false,
  });
}

export function useDisputeUserSearch(query: DisputeUserSearchQuery | null) {
  return useQuery({
    ...disputeUserSearchQueryOptions(query ?? { page: 1 }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
