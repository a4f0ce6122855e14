import {
  API_BASE_PATH,
  LIVE_MAX_OPEN,
  LIVE_MAX_TOPICS,
  liveCalls,
  liveEventSchemas,
  type LiveEmployee,
  type LiveEvent,
  type LiveEventName,
} from '@portal/contracts';
import { callApi } from './api-client.ts';
import { readSession } from './session.ts';
import { notifyUnauthorized } from './unauthorized.ts';

// The tab's one live stream (issue 40, decision 063): GET live read with fetch (EventSource cannot
// send the bearer header), reopened with backoff when it drops. Screens register what they have
// open and follow; the union is sent with PUT live_watch whenever it changes or the stream is new.
// While the stream is down, the lists poll as before (useLiveConnected).

export type LiveWatch = { open: readonly string[]; follow: readonly string[] };
type Listener = (event: LiveEvent) => void;

const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 30_000;
const WATCH_DEBOUNCE_MS = 50;
const NO_VIEWERS: LiveEmployee[] = [];

function parseBlock(block: string): LiveEvent | null {
  let name = '';
  let data = '';
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) name = line.slice(6).trim();
    else if (line.startsWith('data:')) data += line.slice(5).trim();
  }
  if (!(name in liveEventSchemas)) return null;
  try {
    const parsed = liveEventSchemas[name as LiveEventName].safeParse(JSON.parse(data));
    return parsed.success ? ({ event: name, data: parsed.data } as LiveEvent) : null;
  } catch {
    return null;
  }
}

export class LiveConnection {
  private readonly registrations = new Map<number, LiveWatch>();
  private nextRegistration = 1;
  private readonly listeners = new Set<Listener>();
  private readonly stateListeners = new Set<() => void>();
  private readonly presence = new Map<string, LiveEmployee[]>();
  private stream: string | null = null;
  private abort: AbortController | null = null;
  private retryMs = RETRY_FIRST_MS;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private watchTimer: ReturnType<typeof setTimeout> | null = null;
  private sentWatch = '';
  private running = false;

  connected(): boolean {
    return this.stream !== null;
  }

  // The same array until it changes (useSyncExternalStore compares snapshots by identity).
  viewersOf(topic: string): LiveEmployee[] {
    return this.presence.get(topic) ?? NO_VIEWERS;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.open();
  }

  stop(): void {
    this.running = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.abort?.abort();
    this.setStream(null);
  }

  register(watch: LiveWatch): () => void {
    const id = this.nextRegistration++;
    this.registrations.set(id, watch);
    this.scheduleWatch();
    return () => {
      this.registrations.delete(id);
      this.scheduleWatch();
    };
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // Connected or not, and presence changes: for useSyncExternalStore.
  subscribeState(listener: () => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  private setStream(stream: string | null): void {
    this.stream = stream;
    this.sentWatch = '';
    if (stream === null) this.presence.clear();
    for (const listener of this.stateListeners) listener();
    if (stream !== null) this.scheduleWatch();
  }

  private async open(): Promise<void> {
    const token = readSession()?.apiToken;
    if (!this.running || !token) return;
    this.abort = new AbortController();
    try {
      const response = await fetch(`${API_BASE_PATH}/${liveCalls.stream.path}`, {
        headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
        signal: this.abort.signal,
        cache: 'no-store',
      });
      if (response.status === 401) {
        this.running = false;
        notifyUnauthorized();
        return;
      }
      if (!response.ok || !response.body) throw new Error(`GET live answered ${response.status}`);
      await this.read(response.body);
    } catch {
      // Dropped or refused: tried again below.
    }
    this.setStream(null);
    if (!this.running) return;
    this.retryTimer = setTimeout(() => void this.open(), this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true }).replaceAll('\r\n', '\n');
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const event = parseBlock(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (event) this.dispatch(event);
      }
    }
  }

  private dispatch(event: LiveEvent): void {
    if (event.event === 'hello') {
      this.retryMs = RETRY_FIRST_MS;
      this.setStream(event.data.stream);
      return;
    }
    if (event.event === 'presence') {
      this.presence.set(event.data.topic, event.data.viewers);
      for (const listener of this.stateListeners) listener();
    }
    for (const listener of this.listeners) listener(event);
  }

  private scheduleWatch(): void {
    if (this.watchTimer) clearTimeout(this.watchTimer);
    this.watchTimer = setTimeout(() => void this.sendWatch(), WATCH_DEBOUNCE_MS);
  }

  private async sendWatch(): Promise<void> {
    const stream = this.stream;
    if (stream === null) return;
    const open = new Set<string>();
    const follow = new Set<string>();
    for (const watch of this.registrations.values()) {
      for (const topic of watch.open) open.add(topic);
      for (const topic of watch.follow) follow.add(topic);
    }
    const body = {
      stream,
      open: [...open].slice(0, LIVE_MAX_OPEN),
      follow: [...follow].filter((topic) => !open.has(topic)).slice(0, LIVE_MAX_TOPICS),
    };
    const key = JSON.stringify(body);
    if (key === this.sentWatch) return;
    this.sentWatch = key;
    try {
      await callApi(liveCalls.watch, { body });
    } catch {
      // The stream closed meanwhile (a new one sends the watch again), or the session ended (401).
      this.sentWatch = '';
    }
  }
}

// The app's one connection: started by the signed-in layout, stopped when it unmounts.
export const liveConnection = new LiveConnection();
