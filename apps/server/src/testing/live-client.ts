import { request as httpRequest, type IncomingMessage } from 'node:http';
import { API_BASE_PATH, type LiveEvent, type LiveWatchRequest, type LiveWatchResponse } from '@portal/contracts';

// A live stream read as a browser tab would (with the bearer header), for the live module's
// tests and bench:live: its events in order, and waiting for the next one that matches. Over
// node:http with a connection per request, closed with it (fetch's pooled connections outlive an
// aborted stream and hold the server's close until they time out).
export type LiveClient = {
  stream: string;
  events: LiveEvent[];
  // Resolves with the first event (already received or still to come) that matches and is not
  // yet taken; rejects after timeoutMs.
  next: (match: (event: LiveEvent) => boolean, timeoutMs?: number) => Promise<LiveEvent & { receivedAt: number }>;
  watch: (topics: Omit<LiveWatchRequest, 'stream'>) => Promise<LiveWatchResponse>;
  // Resolves when the server ends the stream.
  ended: Promise<void>;
  close: () => void;
};

type Received = LiveEvent & { receivedAt: number; taken?: boolean };

// One request on a connection of its own; answers the response as it starts.
export function send(url: string, options: { method: string; headers: Record<string, string>; body?: string }) {
  return new Promise<{ response: IncomingMessage; destroy: () => void }>((resolve, reject) => {
    const request = httpRequest(url, { ...options, agent: false }, (response) =>
      resolve({ response, destroy: () => request.destroy() }),
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

export async function readAll(response: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of response) text += String(chunk);
  return text;
}

export async function openLiveClient(baseUrl: string, token: string): Promise<LiveClient> {
  const { response, destroy } = await send(`${baseUrl}${API_BASE_PATH}/live`, {
    method: 'GET',
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.statusCode !== 200)
    throw new Error(`GET live answered ${response.statusCode}: ${await readAll(response)}`);
  response.setEncoding('utf8');
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  let buffer = '';
  const ended = (async () => {
    try {
      for await (const value of response) {
        buffer += String(value);
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          const name = lines.find((line) => line.startsWith('event: '))?.slice(7);
          const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
          if (name && data) {
            received.push({ event: name, data: JSON.parse(data), receivedAt: performance.now() } as Received);
            for (const wake of waiters) wake();
          }
        }
      }
    } catch {
      // Destroyed by close().
    } finally {
      for (const wake of waiters) wake();
    }
  })();
  let streamEnded = false;
  void ended.then(() => {
    streamEnded = true;
  });

  function next(match: (event: LiveEvent) => boolean, timeoutMs = 5000) {
    return new Promise<Received>((resolve, reject) => {
      const look = () => {
        const found = received.find((event) => !event.taken && match(event));
        if (found) {
          found.taken = true;
          finish();
          resolve(found);
        } else if (streamEnded) {
          finish();
          reject(new Error('the live stream ended'));
        }
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`no matching live event in ${timeoutMs} ms; received: ${JSON.stringify(received)}`));
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        waiters.delete(look);
      };
      waiters.add(look);
      look();
    });
  }

  const hello = await next((event) => event.event === 'hello');
  const stream = hello.event === 'hello' ? hello.data.stream : '';
  return {
    stream,
    events: received,
    next,
    watch: async (topics) => {
      const answer = await send(`${baseUrl}${API_BASE_PATH}/live_watch`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ stream, ...topics }),
      });
      const body = JSON.parse(await readAll(answer.response)) as LiveWatchResponse & { errors?: string[] };
      if (answer.response.statusCode !== 200)
        throw new Error(`PUT live_watch answered ${answer.response.statusCode}: ${JSON.stringify(body)}`);
      return body;
    },
    ended,
    close: destroy,
  };
}
