import { queryOptions, useQuery } from '@tanstack/react-query';
import { BACK_OFFICE_LIST_POLL_MS, deadlineCalls, type DeadlinesResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { deadlineKeys } from './query-keys.ts';

// GET deadlines {scope}: the counts per queue of every open item, and the items themselves (due_now:
// only those overdue or due today), counted by the server on its calendar (decision 047).
export function getDeadlines(scope: 'all' | 'due_now', signal?: AbortSignal): Promise<DeadlinesResponse> {
  return callApi(deadlineCalls.deadlines, { query: { scope } }, { signal });
}

// Others work the queues meanwhile: polled like the queue lists, and refetched on focus.
export function deadlinesQueryOptions(scope: 'all' | 'due_now') {
  return queryOptions({
    queryKey: deadlineKeys.list(scope),
    queryFn: ({ signal }) => getDeadlines(scope, signal),
    staleTime: 0,
    refetchInterval: BACK_OFFICE_LIST_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

export function useDeadlines(scope: 'all' | 'due_now') {
  return useQuery(deadlinesQueryOptions(scope));
}
