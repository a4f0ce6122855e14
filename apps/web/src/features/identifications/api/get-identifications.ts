import { queryOptions, useQuery } from '@tanstack/react-query';
import { identificationCalls, type FetchIdentificationsResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { identificationKeys } from './query-keys.ts';

// GET users/fetch_identifications: the cards waiting for a decision, oldest first, in two groups
// (regular, and customers on manual fraud hold), each with the count of all its cards.
export function getIdentifications(signal?: AbortSignal): Promise<FetchIdentificationsResponse> {
  return callApi(identificationCalls.fetchIdentifications, {}, { signal });
}

// Read fresh each time: other reviewers decide on the same cards.
export function identificationsQueryOptions() {
  return queryOptions({
    queryKey: identificationKeys.list(),
    queryFn: ({ signal }) => getIdentifications(signal),
    staleTime: 0,
    retry: false,
  });
}

export function useIdentifications() {
  return useQuery(identificationsQueryOptions());
}
