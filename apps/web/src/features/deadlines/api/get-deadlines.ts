import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  BACK_OFFICE_LIST_POLL_MS,
  deadlineCalls,
  LIVE_QUEUE_PERMISSIONS,
  type DeadlineQueue,
  type DeadlinesResponse,
  type LiveQueue,
} from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { useLivePollInterval, useLiveRefetch } from '../../../lib/use-live.ts';
import { deadlineKeys } from './query-keys.ts';

export type DeadlinesScope = 'all' | 'due_now';

// GET deadlines {scope, queues, after}: a page of the open items of the queues asked for (the
// employee's own when none are named), the earliest due first, and the counts per queue of every
// open item, counted by the server on its calendar (decision 047). due_now: only those overdue or
// due today, and the notices to mail.
export function getDeadlines(
  scope: DeadlinesScope,
  queues: readonly DeadlineQueue[] | null,
  after: string | null,
  signal?: AbortSignal,
): Promise<DeadlinesResponse> {
  return callApi(
    deadlineCalls.deadlines,
    {
      query: {
        scope,
        ...(queues === null ? {} : { queues: queues.join(',') }),
        ...(after === null ? {} : { after }),
      },
    },
    { signal },
  );
}

// Page after page (Show more), each after the last item of the one before. Others work the queues
// meanwhile: polled like the queue lists, and refetched on focus.
export function deadlinesQueryOptions(scope: DeadlinesScope, queues: readonly DeadlineQueue[] | null) {
  return infiniteQueryOptions({
    queryKey: deadlineKeys.list(scope, queues),
    queryFn: ({ signal, pageParam }) => getDeadlines(scope, queues, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_after,
    // Narrowing the queues shown keeps the screen (and the picker) while the new list comes.
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: BACK_OFFICE_LIST_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

// The queues whose items have deadlines, as the live stream names them.
const DEADLINE_LIVE_QUEUES: readonly LiveQueue[] = ['disputes', 'bankruptcy_notices', 'acdv_requests'];

// While the live stream is up it says when a queue changed (decision 063), and there is no poll.
export function useDeadlines(scope: DeadlinesScope, queues: readonly DeadlineQueue[] | null) {
  const permissions = useSession()?.permissions ?? [];
  const followed = DEADLINE_LIVE_QUEUES.filter((queue) => {
    const needed = LIVE_QUEUE_PERMISSIONS[queue];
    return needed === null || permissions.includes(needed);
  });
  useLiveRefetch(
    followed.map((queue) => `queue:${queue}`),
    [deadlineKeys.all],
  );
  const refetchInterval = useLivePollInterval(BACK_OFFICE_LIST_POLL_MS);
  return useInfiniteQuery({ ...deadlinesQueryOptions(scope, queues), refetchInterval });
}
