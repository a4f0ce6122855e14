import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  BACK_OFFICE_LIST_POLL_MS,
  disputeCalls,
  type UnresolvedDisputesResponse,
  type UnresolvedDisputesView,
} from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useLivePollInterval, useLiveRefetch } from '../../../lib/use-live.ts';
import { disputeKeys } from './query-keys.ts';

// GET disputes_dashboard/unresolved_disputes {page, status, due, sort}: one page of the disputes not
// yet resolved that the filters keep.
export function getUnresolvedDisputes(
  view: UnresolvedDisputesView,
  signal?: AbortSignal,
): Promise<UnresolvedDisputesResponse> {
  return callApi(disputeCalls.unresolvedDisputes, { query: view }, { signal });
}

// Other employees take and resolve disputes meanwhile: the list is polled and refetched on focus
// (spec 001 sections 4 and 9).
export function unresolvedDisputesQueryOptions(view: UnresolvedDisputesView) {
  return queryOptions({
    queryKey: disputeKeys.unresolved(view),
    queryFn: ({ signal }) => getUnresolvedDisputes(view, signal),
    staleTime: 0,
    refetchInterval: BACK_OFFICE_LIST_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

// While the live stream is up it says when the list changed (decision 063), and there is no poll.
export function useUnresolvedDisputes(view: UnresolvedDisputesView) {
  useLiveRefetch(['queue:disputes'], [disputeKeys.unresolvedLists()]);
  const refetchInterval = useLivePollInterval(BACK_OFFICE_LIST_POLL_MS);
  return useQuery({ ...unresolvedDisputesQueryOptions(view), refetchInterval, placeholderData: keepPreviousData });
}
