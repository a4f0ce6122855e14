import { queryOptions, useQuery } from '@tanstack/react-query';
import { creditReportingCalls, type AcdvRequestResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { creditReportingKeys } from './query-keys.ts';

// GET fcra/acdv_request {skip}: the next unanswered ACDV outside the skip list (control numbers,
// comma-separated), or acdv null when none is left.
export function getAcdvRequest(skip: readonly string[], signal?: AbortSignal): Promise<AcdvRequestResponse> {
  return callApi(
    creditReportingCalls.acdvRequest,
    { query: skip.length > 0 ? { skip: skip.join(',') } : {} },
    { signal },
  );
}

// Each call leases a request on the server: never served from a cache, never retried on its own,
// and an answer is forgotten once its skip list is no longer shown.
export function acdvRequestQueryOptions(skip: readonly string[]) {
  return queryOptions({
    queryKey: creditReportingKeys.acdvRequest(skip),
    queryFn: ({ signal }) => getAcdvRequest(skip, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useAcdvRequest(skip: readonly string[]) {
  return useQuery(acdvRequestQueryOptions(skip));
}
