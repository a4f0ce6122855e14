import { queryOptions, useQuery } from '@tanstack/react-query';
import { MENTIONS_TOPIC, MENTIONS_UNREAD_POLL_MS, noteCalls, type MentionsUnreadResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useLivePollInterval, useLiveRefetch } from '../../../lib/use-live.ts';

// The navbar badge's query key: invalidated when a mention arrives or is read in another tab (the
// live stream's 'mentions' refresh, decision 063); polled every MENTIONS_UNREAD_POLL_MS and on
// focus while the stream is down.
export const MENTIONS_UNREAD_QUERY_KEY = ['mentions', 'unread'] as const;

// GET mentions/unread_count: how many of my mentions I have not read.
export function getMentionsUnread(signal?: AbortSignal): Promise<MentionsUnreadResponse> {
  return callApi(noteCalls.mentionsUnread, {}, { signal });
}

export function mentionsUnreadQueryOptions() {
  return queryOptions({
    queryKey: MENTIONS_UNREAD_QUERY_KEY,
    queryFn: ({ signal }) => getMentionsUnread(signal),
    staleTime: 0,
    refetchInterval: MENTIONS_UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

export function useMentionsUnread() {
  useLiveRefetch([MENTIONS_TOPIC], [['mentions']]);
  const refetchInterval = useLivePollInterval(MENTIONS_UNREAD_POLL_MS);
  return useQuery({ ...mentionsUnreadQueryOptions(), refetchInterval });
}
