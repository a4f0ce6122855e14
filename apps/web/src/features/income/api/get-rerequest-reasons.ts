import { queryOptions, useQuery } from '@tanstack/react-query';
import { incomeCalls, type RerequestReasonsResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { incomeKeys } from './query-keys.ts';

// GET income/rerequest_reasons: why a reviewer may ask for a new paystub, each with the words the
// customer reads.
export function getRerequestReasons(signal?: AbortSignal): Promise<RerequestReasonsResponse> {
  return callApi(incomeCalls.rerequestReasons, {}, { signal });
}

// The list changes only with a release, so one answer serves every loan of the session.
export function rerequestReasonsQueryOptions() {
  return queryOptions({
    queryKey: incomeKeys.rerequestReasons(),
    queryFn: ({ signal }) => getRerequestReasons(signal),
    staleTime: Infinity,
    retry: false,
  });
}

export function useRerequestReasons() {
  return useQuery(rerequestReasonsQueryOptions());
}
