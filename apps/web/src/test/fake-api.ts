import { vi } from 'vitest';
import { jsonResponse } from './render.tsx';

// The server a screen's tests talk to: answers by "METHOD path" (the path after /internal/api/),
// each a fixed [status, body] or a function of the call; anything else is a 404. Every call is
// recorded. `files` answers the calls that return a file (a PDF), before the JSON answers.

export type SentCall = { method: string; path: string; query: URLSearchParams; body: unknown };
type Answer = [status: number, body: unknown];
export type FakeApi = Record<string, Answer | ((call: SentCall) => Answer)>;

function readBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? null;
  return JSON.parse(body) as unknown;
}

export function answerApiCalls(server: FakeApi, files?: (call: SentCall) => Response | undefined): SentCall[] {
  const sent: SentCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://portal.test');
      const call: SentCall = {
        method: init?.method ?? 'GET',
        path: url.pathname.replace(/^\/internal\/api\//, ''),
        query: url.searchParams,
        body: readBody(init?.body),
      };
      sent.push(call);
      const file = files?.(call);
      if (file) return file;
      const answer = server[`${call.method} ${call.path}`];
      const [status, body] =
        typeof answer === 'function' ? answer(call) : (answer ?? [404, { errors: [`No answer for ${call.path}.`] }]);
      return jsonResponse(body, status);
    }),
  );
  return sent;
}

// The calls of one endpoint ("PATCH disputes_dashboard/update_dispute").
export function callsTo(sent: readonly SentCall[], endpoint: string): SentCall[] {
  return sent.filter((call) => `${call.method} ${call.path}` === endpoint);
}
