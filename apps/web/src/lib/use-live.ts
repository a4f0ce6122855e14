import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { LiveEmployee, LiveEvent } from '@portal/contracts';
import { liveStore } from './live-store.ts';
import { readSession } from './session.ts';

// The live stream's hooks (decision 063): what a screen has open and follows, who else is there,
// what changed, and whether the stream is up (lists poll only while it is not).

const NO_VIEWERS: LiveEmployee[] = [];

// Registers the screen's records (open: others see the employee there) and what it follows, for as
// long as it is mounted.
export function useLiveWatch(open: readonly string[], follow: readonly string[] = []): void {
  const key = JSON.stringify([open, follow]);
  useEffect(() => {
    const [openTopics, followTopics] = JSON.parse(key) as [string[], string[]];
    if (openTopics.length === 0 && followTopics.length === 0) return undefined;
    return liveStore.register({ open: openTopics, follow: followTopics });
  }, [key]);
}

export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    (listener) => liveStore.subscribeState(listener),
    () => liveStore.connected(),
  );
}

// Who else has the record open: the employee's own tabs left out.
export function useOtherViewers(topic: string | null): LiveEmployee[] {
  const viewers = useSyncExternalStore(
    (listener) => liveStore.subscribeState(listener),
    () => (topic === null ? NO_VIEWERS : liveStore.viewersOf(topic)),
  );
  const me = readSession()?.employeeId;
  return viewers.filter((viewer) => viewer.id !== me);
}

// Calls onEvent for each change or refresh of the topics, with the latest onEvent.
export function useLiveEvents(topics: readonly string[], onEvent: (event: LiveEvent) => void): void {
  const handler = useRef(onEvent);
  useLayoutEffect(() => {
    handler.current = onEvent;
  });
  const key = topics.join(' ');
  useEffect(() => {
    const wanted = new Set(key.split(' '));
    return liveStore.subscribe((event) => {
      if ((event.event === 'change' || event.event === 'refresh') && wanted.has(event.data.topic))
        handler.current(event);
    });
  }, [key]);
}

// Refetches the queries when one of the topics changes or asks for a refresh: a queue's list, a
// count. Follows the topics while mounted.
export function useLiveRefetch(topics: readonly string[], queryKeys: readonly QueryKey[]): void {
  const queryClient = useQueryClient();
  useLiveWatch([], topics);
  const keys = useRef(queryKeys);
  useLayoutEffect(() => {
    keys.current = queryKeys;
  });
  useLiveEvents(topics, () => {
    for (const queryKey of keys.current) void queryClient.invalidateQueries({ queryKey });
  });
}

// A list's poll: none while the live stream is up (it says when to refetch), the given interval
// while it is down.
export function useLivePollInterval(pollMs: number): number | false {
  return useLiveConnected() ? false : pollMs;
}
