import {
  API_BASE_PATH,
  LIVE_MAX_OPEN,
  LIVE_MAX_TOPICS,
  liveCalls,
  liveEventSchemas,
  type LiveEvent,
  type LiveEventName,
} from '@portal/contracts';
import { callApi } from './api-client.ts';
import { liveStore } from './live-store.ts';
import { readSession } from './session.ts';
import { notifyUnauthorized } from './unauthorized.ts';

// The tab's one live stream (issue 40, decision 063): GET live read with fetch (EventSource cannot
// send the bearer header), reopened with backoff when it drops. What the screens registered
// (live-store.ts) is sent with PUT live_watch whenever it changes or the stream is new. While the
// stream is down, the lists poll as before (useLiveConnected). Loaded by the signed-in layout after
// the screen.

const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 30_000;
const WATCH_DEBOUNCE_MS = 50;

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

class LiveConnection {
  private stream: string | null = null;
  private abort: AbortController | null = null;
  private retryMs = RETRY_FIRST_MS;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private watchTimer: ReturnType<typeof setTimeout> | null = null;
  private sentWatch = '';
  private running = false;
  private stopWatching: (() => void) | null = null;

  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopWatching = liveStore.onWatchChange(() => this.scheduleWatch());
    void this.open();
  }

  stop(): void {
    this.running = false;
    this.stopWatching?.();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.abort?.abort();
    this.setStream(null);
  }

  private setStream(stream: string | null): void {
    this.stream = stream;
    this.sentWatch = '';
    liveStore.setConnected(stream !== null);
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
        if (!event) continue;
        if (event.event === 'hello') {
          this.retryMs = RETRY_FIRST_MS;
          this.setStream(event.data.stream);
        } else liveStore.dispatch(event);
      }
    }
  }

  private scheduleWatch(): void {
    if (this.watchTimer) clearTimeout(this.watchTimer);
    this.watchTimer = setTimeout(() => void this.sendWatch(), WATCH_DEBOUNCE_MS);
  }

  private async sendWatch(): Promise<void> {
    const stream = this.stream;
    if (stream === null) return;
    const { open, follow } = liveStore.watched();
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
