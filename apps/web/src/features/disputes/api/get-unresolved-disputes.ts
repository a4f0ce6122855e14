import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { BACK_OFFICE_LIST_POLL_MS, disputeCalls, type UnresolvedDisputesResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useLivePollInterval, useLiveRefetch } from '../../../lib/use-live.ts';
import { disputeKeys } from './query-keys.ts';

// GET disputes_dashboard/unresolved_disputes {page}: one page of the disputes not yet resolved.
export function getUnresolvedDisputes(page: number, signal?: AbortSignal): Promise<UnresolvedDisputesResponse> {
  return callApi(disputeCalls.unresolvedDisputes, { query: { page } }, { signal });
}

// Other employees take and resolve disputes meanwhile: the list is polled and refetched on focus
// (spec 001 sections 4 and 9).
export function unresolvedDisputesQueryOptions(page: number) {
  return queryOptions({
    queryKey: disputeKeys.unresolved(page),
    queryFn: ({ signal }) => getUnresolvedDisputes(page, signal),
    staleTime: 0,
    refetchInterval: BACK_OFFICE_LIST_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

// While the live stream is up it says when the list changed (decision 063), and there is no poll.
export function useUnresolvedDisputes(page: number) {
  useLiveRefetch(['queue:disputes'], [disputeKeys.unresolvedLists()]);
  const refetchInterval = useLivePollInterval(BACK_OFFICE_LIST_POLL_MS);
  return useQuery({ ...unresolvedDisputesQueryOptions(page), refetchInterval, placeholderData: keepPreviousData });
}
