import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { BACK_OFFICE_LIST_POLL_MS, bankruptcyNoticeCalls, type UnprocessedNoticesResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useLivePollInterval, useLiveRefetch } from '../../../lib/use-live.ts';
import { noticeKeys } from './query-keys.ts';

// GET bankruptcy_notices/unprocessed {page}: the notices not yet processed, oldest first.
export function getUnprocessedNotices(page: number, signal?: AbortSignal): Promise<UnprocessedNoticesResponse> {
  return callApi(bankruptcyNoticeCalls.unprocessedNotices, { query: { page } }, { signal });
}

// Polled every 30 s and read again when the window regains focus (spec 001 sections 4 and 9).
export function unprocessedNoticesQueryOptions(page: number) {
  return queryOptions({
    queryKey: noticeKeys.unprocessedPage(page),
    queryFn: ({ signal }) => getUnprocessedNotices(page, signal),
    staleTime: 0,
    refetchInterval: BACK_OFFICE_LIST_POLL_MS,
    refetchOnWindowFocus: true,
    // The table stays while another page loads.
    placeholderData: keepPreviousData,
  });
}

// While the live stream is up it says when the list changed (decision 063), and there is no poll.
export function useUnprocessedNotices(page: number) {
  useLiveRefetch(['queue:bankruptcy_notices'], [noticeKeys.unprocessed()]);
  const refetchInterval = useLivePollInterval(BACK_OFFICE_LIST_POLL_MS);
  return useQuery({ ...unprocessedNoticesQueryOptions(page), refetchInterval });
}
