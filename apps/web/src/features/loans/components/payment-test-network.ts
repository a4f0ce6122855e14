import { vi } from 'vitest';
import { jsonResponse } from '../../../test/render.tsx';

// The calls a payment test made, and the answers it gets, in order (then 200 with `fallback`).
export type SentCall = { url: string; method: string; body: unknown };

export function answerCalls(fallback: unknown, ...responses: Array<[number, unknown]>): SentCall[] {
  const sent: SentCall[] = [];
  const queue = [...responses];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      sent.push({
        url: String(input),
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : null,
      });
      const [status, body] = queue.shift() ?? [200, fallback];
      return jsonResponse(body, status);
    }),
  );
  return sent;
}
