import { queryOptions, useQuery } from '@tanstack/react-query';
import { MENTIONS_UNREAD_POLL_MS, noteCalls, type MentionsUnreadResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';

// The navbar badge's query key: invalidate it to have the count asked for again (when a mention
// arrives live, later; for now it is polled every MENTIONS_UNREAD_POLL_MS and on focus).
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
  return useQuery(mentionsUnreadQueryOptions());
}
