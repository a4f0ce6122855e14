import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { userPageCalls, type UserSearchQuery, type UserSearchResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { userKeys } from './query-keys.ts';

// GET users/search {parameter, search}: the customer and their loans, or name suggestions.
export function searchUsers(query: UserSearchQuery, signal?: AbortSignal): Promise<UserSearchResponse> {
  return callApi(userPageCalls.searchUsers, { query }, { signal });
}

export function userSearchQueryOptions(query: UserSearchQuery) {
  return queryOptions({
    queryKey: userKeys.search(query),
    queryFn: ({ signal }) => searchUsers(query, signal),
    staleTime: 15_000,
    // A customer who is not there is an answer, not a failure to retry.
    retry: false,
  });
}

export function useUserSearch(query: UserSearchQuery | null) {
  return useQuery({
    ...userSearchQueryOptions(query ?? { parameter: 'ID', search: '' }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
