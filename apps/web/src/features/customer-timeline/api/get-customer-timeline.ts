import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { customerTimelineCalls, type CustomerTimelineResponse, type TimelineKind } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';

// The customer timeline's cache keys: anything that adds to a customer's history refreshes `all`.
export const customerTimelineKeys = {
  all: ['customer-timeline'] as const,
  list: (userId: number, kinds: readonly TimelineKind[]) => ['customer-timeline', userId, [...kinds].sort()] as const,
};

// GET customer_timeline {user_id, kinds, before}: a page of the customer's history, newest first.
export function getCustomerTimeline(
  userId: number,
  kinds: readonly TimelineKind[],
  before: string | null,
  signal?: AbortSignal,
): Promise<CustomerTimelineResponse> {
  return callApi(
    customerTimelineCalls.customerTimeline,
    { query: { user_id: userId, kinds: kinds.join(','), ...(before === null ? {} : { before }) } },
    { signal },
  );
}

// "Load older" asks for the page after the last; narrowing the kinds keeps the list on screen while
// the new one comes.
export function customerTimelineQueryOptions(userId: number, kinds: readonly TimelineKind[]) {
  return infiniteQueryOptions({
    queryKey: customerTimelineKeys.list(userId, kinds),
    queryFn: ({ signal, pageParam }) => getCustomerTimeline(userId, kinds, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_before,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useCustomerTimeline(userId: number, kinds: readonly TimelineKind[]) {
  return useInfiniteQuery(customerTimelineQueryOptions(userId, kinds));
}
