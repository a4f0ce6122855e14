import { parseLiveTopic, type LiveEmployee, type LiveEvent } from '@portal/contracts';
import { parseLiveNotice, type LiveNotice } from './live-notice.ts';

// One API process's share of the live streams (decision 063): the streams open on this process,
// what each follows, and the notices of the portal_live channel turned into each stream's events.
// Every process hears every notice (LISTEN), and writes to its own streams only.

// Where a stream's events go: the HTTP response, or a test's array.
export type LiveSink = {
  write: (text: string) => void;
  // Bytes written and not yet taken by the client: a stream that stops reading is closed.
  buffered: () => number;
  end: () => void;
};

export type LiveStream = {
  id: string;
  employeeId: number;
  // The token it was opened with, asked again at each heartbeat: a session that ended ends it.
  token: string;
  sink: LiveSink;
  open: Set<string>;
  follow: Set<string>;
};

export type LiveHubDeps = {
  // Who has each topic open now, in every process (the live_presence table).
  readViewers: (topics: readonly string[]) => Promise<Map<string, LiveEmployee[]>>;
  // Employees' names, for "changed by".
  readNames: (ids: readonly number[]) => Promise<Map<number, string>>;
  // A queue's refresh is sent at most once in this many milliseconds (the last one always).
  refreshEveryMs: number;
  // A stream whose client has not taken this many bytes is closed (it reconnects and resyncs).
  maxBufferedBytes: number;
  onError: (error: unknown) => void;
};

export type LiveHub = ReturnType<typeof createLiveHub>;

// Server-sent events: a named event and its data on one line.
export function formatLiveEvent(event: LiveEvent): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

const PRESENCE_BATCH_MS = 15;
const NAME_CACHE_LIMIT = 10_000;

export function createLiveHub(deps: LiveHubDeps) {
  const streams = new Map<string, LiveStream>();
  const names = new Map<number, string>();
  // Presence to read for these topics, in one query a few milliseconds from now.
  const presencePending = new Set<string>();
  let presenceTimer: NodeJS.Timeout | null = null;
  // What this process itself does when a topic is refreshed (a cache to drop), before any tab asks.
  const refreshHooks = new Map<string, Array<() => void>>();
  // Per refresh topic: when one was last sent, and the trailing one waiting.
  const refreshSentAt = new Map<string, number>();
  const refreshTimers = new Map<string, NodeJS.Timeout>();

  function send(stream: LiveStream, event: LiveEvent): void {
    if (stream.sink.buffered() > deps.maxBufferedBytes) {
      remove(stream.id);
      stream.sink.end();
      return;
    }
    stream.sink.write(formatLiveEvent(event));
  }

  function add(stream: LiveStream): void {
    streams.set(stream.id, stream);
    send(stream, { event: 'hello', data: { stream: stream.id } });
  }

  function remove(id: string): LiveStream | undefined {
    const stream = streams.get(id);
    streams.delete(id);
    return stream;
  }

  function watching(topic: string, which: 'open' | 'any'): LiveStream[] {
    const found: LiveStream[] = [];
    for (const stream of streams.values())
      if (stream.open.has(topic) || (which === 'any' && stream.follow.has(topic))) found.push(stream);
    return found;
  }

  // Who is on a record reaches the tabs that have it open and those that follow it (a board of
  // cards follows each card, decision 063); a queue has no one on it.
  function presenceTopicsOf(stream: LiveStream): string[] {
    return [...stream.open, ...[...stream.follow].filter((topic) => parseLiveTopic(topic)?.type === 'record')];
  }

  function schedulePresence(topics: Iterable<string>): void {
    for (const topic of topics) presencePending.add(topic);
    if (presenceTimer || presencePending.size === 0) return;
    presenceTimer = setTimeout(() => {
      presenceTimer = null;
      void flushPresence();
    }, PRESENCE_BATCH_MS);
  }

  async function flushPresence(): Promise<void> {
    // Only topics someone here has open or follows are read.
    const topics = [...presencePending].filter((topic) => watching(topic, 'any').length > 0);
    presencePending.clear();
    if (topics.length === 0) return;
    try {
      const viewers = await deps.readViewers(topics);
      for (const topic of topics) {
        const data = { topic, viewers: viewers.get(topic) ?? [] };
        for (const stream of watching(topic, 'any')) send(stream, { event: 'presence', data });
      }
    } catch (error) {
      deps.onError(error);
    }
  }

  async function nameOf(id: number | null): Promise<LiveEmployee | null> {
    if (id === null) return null;
    let name = names.get(id);
    if (name === undefined) {
      name = (await deps.readNames([id])).get(id) ?? `Employee ${id}`;
      if (names.size >= NAME_CACHE_LIMIT) names.clear();
      names.set(id, name);
    }
    return { id, name };
  }

  async function deliverChange(notice: Extract<LiveNotice, { kind: 'change' }>): Promise<void> {
    const targets = notice.topics.map((topic) => [topic, watching(topic, 'any')] as const);
    if (targets.every(([, found]) => found.length === 0)) return;
    const by = await nameOf(notice.by);
    for (const [topic, found] of targets)
      for (const stream of found)
        send(stream, { event: 'change', data: { topic, by, at: notice.at, action: notice.action } });
  }

  function sendRefresh(topic: string, employeeId: number | null): void {
    refreshSentAt.set(topic + (employeeId ?? ''), Date.now());
    for (const stream of watching(topic, 'any'))
      if (employeeId === null || stream.employeeId === employeeId) send(stream, { event: 'refresh', data: { topic } });
  }

  // At most one refresh per topic (and employee) each refreshEveryMs: the first at once, the
  // others folded into one sent when the time is up.
  function deliverRefresh(topic: string, employeeId: number | null): void {
    const key = topic + (employeeId ?? '');
    if (refreshTimers.has(key)) return;
    const wait = (refreshSentAt.get(key) ?? 0) + deps.refreshEveryMs - Date.now();
    if (wait <= 0) {
      sendRefresh(topic, employeeId);
      return;
    }
    refreshTimers.set(
      key,
      setTimeout(() => {
        refreshTimers.delete(key);
        sendRefresh(topic, employeeId);
      }, wait),
    );
  }

  // A notice of the portal_live channel, from any process.
  function receive(payload: string): void {
    const notice = parseLiveNotice(payload);
    if (!notice) return;
    switch (notice.kind) {
      case 'change':
        deliverChange(notice).catch(deps.onError);
        return;
      case 'refresh':
        for (const topic of notice.topics) {
          for (const hook of refreshHooks.get(topic) ?? []) hook();
          deliverRefresh(topic, notice.employeeId);
        }
        return;
      case 'presence':
        schedulePresence(notice.topics);
        return;
      case 'watch': {
        const stream = streams.get(notice.stream);
        if (!stream || stream.employeeId !== notice.employeeId) return;
        stream.open = new Set(notice.open);
        stream.follow = new Set(notice.follow);
        schedulePresence(presenceTopicsOf(stream));
        return;
      }
    }
  }

  // After notices may have been missed (the listening connection was down): every stream refetches
  // what it follows and hears who is there again.
  function resync(): void {
    for (const stream of streams.values()) {
      for (const topic of new Set([...stream.open, ...stream.follow]))
        send(stream, { event: 'refresh', data: { topic } });
      schedulePresence(presenceTopicsOf(stream));
    }
  }

  // A comment line keeps proxies from closing an idle stream.
  function ping(): void {
    for (const stream of [...streams.values()]) {
      if (stream.sink.buffered() > deps.maxBufferedBytes) {
        remove(stream.id);
        stream.sink.end();
      } else stream.sink.write(': ping\n\n');
    }
  }

  function stop(): void {
    if (presenceTimer) clearTimeout(presenceTimer);
    for (const timer of refreshTimers.values()) clearTimeout(timer);
    refreshTimers.clear();
    for (const stream of streams.values()) stream.sink.end();
    streams.clear();
  }

  function onRefresh(topic: string, hook: () => void): void {
    refreshHooks.set(topic, [...(refreshHooks.get(topic) ?? []), hook]);
  }

  return {
    add,
    onRefresh,
    remove,
    receive,
    resync,
    ping,
    stop,
    streams: () => [...streams.values()],
  };
}
