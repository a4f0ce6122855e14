import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { MENTIONS_UNREAD_POLL_MS, noteCalls, type MentionsResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { mentionKeys } from './query-keys.ts';

// GET mentions {before}: the notes that @mentioned me, newest first, a page at a time.
export function getMentions(before: number | null, signal?: AbortSignal): Promise<MentionsResponse> {
  return callApi(noteCalls.mentions, { query: before === null ? {} : { before } }, { signal });
}

export function mentionsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: mentionKeys.inbox(),
    queryFn: ({ signal, pageParam }) => getMentions(pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_before,
    staleTime: 0,
    refetchInterval: MENTIONS_UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

export function useMentions() {
  return useInfiniteQuery(mentionsQueryOptions());
}
