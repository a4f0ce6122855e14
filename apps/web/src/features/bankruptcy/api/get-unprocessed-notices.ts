import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  BACK_OFFICE_LIST_POLL_MS,
  bankruptcyNoticeCalls,
  type UnprocessedNoticesResponse,
  type UnprocessedNoticesView,
} from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useLivePollInterval, useLiveRefetch } from '../../../lib/use-live.ts';
import { noticeKeys } from './query-keys.ts';

// GET bankruptcy_notices/unprocessed {page, status, due, sort}: the notices not yet processed that
// the filters keep, oldest first unless sorted otherwise.
export function getUnprocessedNotices(
  view: UnprocessedNoticesView,
  signal?: AbortSignal,
): Promise<UnprocessedNoticesResponse> {
  return callApi(bankruptcyNoticeCalls.unprocessedNotices, { query: view }, { signal });
}

// Polled every 30 s and read again when the window regains focus (spec 001 sections 4 and 9).
export function unprocessedNoticesQueryOptions(view: UnprocessedNoticesView) {
  return queryOptions({
    queryKey: noticeKeys.unprocessedPage(view),
    queryFn: ({ signal }) => getUnprocessedNotices(view, signal),
    staleTime: 0,
    refetchInterval: BACK_OFFICE_LIST_POLL_MS,
    refetchOnWindowFocus: true,
    // The table stays while another page loads.
    placeholderData: keepPreviousData,
  });
}

// While the live stream is up it says when the list changed (decision 063), and there is no poll.
export function useUnprocessedNotices(view: UnprocessedNoticesView) {
  useLiveRefetch(['queue:bankruptcy_notices'], [noticeKeys.unprocessed()]);
  const refetchInterval = useLivePollInterval(BACK_OFFICE_LIST_POLL_MS);
  return useQuery({ ...unprocessedNoticesQueryOptions(view), refetchInterval });
}
