import { API_BASE_PATH } from '@portal/contracts';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

// The one fake of the API that every web test talks to: an MSW server (setupServer) started in
// setup.ts. A test answers the calls it expects with answerApiCalls, by "METHOD path" (the path
// after /internal/api/), and reads back what was sent. A call nobody answered fails the test, as
// does an answer that throws. For what answerApiCalls cannot say, add MSW handlers after it with
// apiServer.use(http.get(...)); every test starts with no answers.

export type SentCall = {
  method: string;
  // After /internal/api/, not encoded again: 'ticket', 'documents/statement%201%2F2'.
  path: string;
  query: URLSearchParams;
  // The path and query as sent: '/internal/api/tickets?num=10'.
  url: string;
  headers: Headers;
  // A JSON body parsed, a form as a FormData of strings and Files, other text as is; null if none.
  body: unknown;
  keepalive: boolean;
};
export type Answer = [status: number, body: unknown];
// A fixed answer, or one made for the call: an Answer, or a Response for anything else (a file,
// a body that is not JSON, noConnection), now or later (answerLater).
export type AnswerFor = Answer | ((call: SentCall) => Answer | Response | Promise<Answer | Response>);
export type ApiAnswers = Record<string, AnswerFor>;
// Files (documents, PDFs, images) a test answers by their call, before the answers by name.
export type FileAnswers = (call: SentCall) => Response | undefined;

const API_PREFIX = `${API_BASE_PATH}/`;
// happy-dom's Request has no keepalive: a call sent with keepalive carries this header to the fake
// server instead, and readCall takes it off again (SentCall.keepalive, not one of its headers).
const KEEPALIVE_HEADER = 'x-test-keepalive';

// The one answer every test has: the live stream (decision 063) is not there (as behind a proxy that
// does not stream), so screens poll as they do without it. A test of the stream answers GET live itself.
// A test's own answer for it (answerApiCalls({ 'GET live': ... })) comes first.
const liveAbsent = http.get(`${API_PREFIX}live`, () => new HttpResponse(null, { status: 204 }));
export const apiServer = setupServer(liveAbsent);

// Calls that reached the server with no answer, or whose answer failed, in this test.
const unanswered: string[] = [];
const brokenAnswers: string[] = [];
// Calls sent and not yet answered, so a test's last calls are done before the next test starts.
const inFlight = new Set<symbol>();
let realFetch: typeof fetch | null = null;

export function startApiServer(): void {
  apiServer.listen({
    onUnhandledRequest(request) {
      const url = new URL(request.url);
      unanswered.push(`${request.method} ${url.pathname}${url.search}`);
      // Refused, not sent on to the network: the page sees a lost connection.
      throw new Error(`No test answer for ${request.method} ${url.pathname}${url.search}`);
    },
  });
  realFetch = globalThis.fetch;
  // Defined, not assigned: on happy-dom, MSW's patch leaves the global fetch read-only.
  Object.defineProperty(globalThis, 'fetch', {
    value: sendThroughFakeServer,
    configurable: true,
    writable: true,
    enumerable: true,
  });
}

export function stopApiServer(): void {
  apiServer.close();
  realFetch = null;
}

// Lets the tasks already due run (a release an unmount put off, lib/use-release-on-leave.ts), then
// resolves once every call sent has its answer and is in its `sent` list; or after `timeout` ms if
// one is still waiting (an answer the test holds back). Real timers only.
export async function apiCallsSettled(timeout = 1_000): Promise<void> {
  // Counted in turns of at least 1 ms, not read off the clock, which a test may have stopped.
  for (let turn = 0; turn < timeout && (turn === 0 || inFlight.size > 0); turn += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

// After each test: waits (a little) for the calls still on their way, forgets this test's answers,
// and fails the test if it made a call it did not answer.
export async function endApiTest(): Promise<void> {
  await apiCallsSettled(500);
  // One held back for good is this test's, not the next one's to wait for.
  inFlight.clear();
  apiServer.resetHandlers();
  const calls = unanswered.splice(0);
  const broken = brokenAnswers.splice(0);
  if (calls.length > 0) {
    throw new Error(`The test made calls it did not answer (answerApiCalls): ${[...new Set(calls)].join(', ')}`);
  }
  if (broken.length > 0) throw new Error(`An answer of the test threw: ${broken.join(', ')}`);
}

// Answers the calls named in `answers` ("GET tickets", "PATCH users/complete_identification"),
// each by its fixed [status, body] or the function of the call, and the files `files` answers;
// records every call answered. Replaces what the test answered before.
// An answer to a call the screen makes on its own (a verdict it polls, say), which the test does not
// count: the call is answered but not put in the list answerApiCalls gives back.
const backgroundAnswers = new WeakSet<object>();
export function background(answer: Answer): AnswerFor {
  const answering = () => answer;
  backgroundAnswers.add(answering);
  return answering;
}

export function answerApiCalls(answers: ApiAnswers, files?: FileAnswers): SentCall[] {
  const sent: SentCall[] = [];
  const keyOf = (request: Request) => {
    const { pathname } = new URL(request.url);
    return pathname.startsWith(API_PREFIX) ? `${request.method} ${pathname.slice(API_PREFIX.length)}` : null;
  };
  apiServer.resetHandlers(
    http.all(
      async ({ request }) => {
        const key = keyOf(request);
        if (key === null) return false;
        return Object.hasOwn(answers, key) || files?.(await readCall(request.clone())) !== undefined;
      },
      async ({ request }) => {
        const call = await readCall(request);
        const key = keyOf(request) ?? '';
        const answer = answers[key];
        if (!(typeof answer === 'function' && backgroundAnswers.has(answer))) sent.push(call);
        const file = files?.(call);
        if (file) return file;
        let given: Answer | Response | undefined;
        try {
          given = typeof answer === 'function' ? await answer(call) : answer;
        } catch (error) {
          // (MSW would answer 500 and carry on: for a lost connection, answer noConnection.)
          brokenAnswers.push(`${key}: ${String(error)}`);
          throw error;
        }
        if (given instanceof Response) return given;
        const [status, body] = given ?? [500, { errors: ['No answer.'] }];
        return body === undefined ? new HttpResponse(null, { status }) : HttpResponse.json(body, { status });
      },
    ),
    liveAbsent,
  );
  return sent;
}

// The calls of one endpoint ("PATCH disputes_dashboard/update_dispute").
export function callsTo(sent: readonly SentCall[], endpoint: string): SentCall[] {
  return sent.filter((call) => `${call.method} ${call.path}` === endpoint);
}

// The answers of a call, one per call, the last repeated.
export function inTurn(...answers: Answer[]): () => Answer {
  let call = 0;
  return () => answers[Math.min(call++, answers.length - 1)] ?? [500, { errors: ['No answer.'] }];
}

// An answer the test gives when it wants, to see the page while a call is on its way: the call
// waits for give(), and is answered at once if give() came first.
export function answerLater(): { answer: () => Promise<Answer>; give: (answer: Answer) => void } {
  let give: (answer: Answer) => void = () => undefined;
  const given = new Promise<Answer>((resolve) => (give = resolve));
  return { answer: () => given, give };
}

// A file answer: a few bytes of the type.
export function fileResponse(content: string | Uint8Array<ArrayBuffer>, type: string): Response {
  return new HttpResponse(content, { headers: { 'Content-Type': type } });
}

export const pdfResponse = (): Response => fileResponse('%PDF-1.7', 'application/pdf');

// No answer at all: fetch rejects as it does when the connection is lost.
export const noConnection = (): Response => HttpResponse.error();

async function readCall(request: Request): Promise<SentCall> {
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  const keepalive = headers.has(KEEPALIVE_HEADER);
  headers.delete(KEEPALIVE_HEADER);
  return {
    method: request.method,
    path: url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) : url.pathname,
    query: url.searchParams,
    url: `${url.pathname}${url.search}`,
    headers,
    body: await readBody(request),
    keepalive,
  };
}

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('Content-Type') ?? '';
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (type.startsWith('multipart/form-data')) return readForm(bytes, type);
  if (bytes.length === 0) return null;
  const text = new TextDecoder().decode(bytes);
  if (!type.includes('json')) return text;
  return JSON.parse(text) as unknown;
}

// Sends what the fake server could not read off the test DOM's Request in a form it can. A form
// goes as the multipart body a browser writes, read back into a FormData for the test: jsdom's
// FormData and File are not Node's, and Node's fetch sends such a form as the text "[object
// FormData]" (happy-dom's Request would write the body itself; the same path for either DOM).
// keepalive goes as a header (KEEPALIVE_HEADER), as happy-dom's Request drops it.
async function sendThroughFakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  if (realFetch === null) throw new Error('The fake API server is not running.');
  const call = Symbol('call');
  inFlight.add(call);
  try {
    let sent = init;
    const body = init?.body;
    if (body instanceof FormData) {
      const { bytes, type } = await writeForm(body);
      const headers = new Headers(init?.headers);
      headers.set('Content-Type', type);
      sent = { ...init, headers, body: bytes };
    }
    if (init?.keepalive === true) {
      const headers = new Headers(sent?.headers);
      headers.set(KEEPALIVE_HEADER, 'true');
      sent = { ...sent, headers };
    }
    return await realFetch(input, sent);
  } finally {
    inFlight.delete(call);
  }
}

async function writeForm(form: FormData): Promise<{ bytes: Uint8Array<ArrayBuffer>; type: string }> {
  const boundary = `----portal-test-${Math.random().toString(36).slice(2)}`;
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  for (const [name, value] of form.entries()) {
    const head =
      typeof value === 'string'
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.name}"\r\n` +
          `Content-Type: ${value.type || 'application/octet-stream'}\r\n\r\n`;
    parts.push(encoder.encode(head));
    parts.push(typeof value === 'string' ? encoder.encode(value) : new Uint8Array(await value.arrayBuffer()));
    parts.push(encoder.encode('\r\n'));
  }
  parts.push(encoder.encode(`--${boundary}--\r\n`));
  const bytes = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return { bytes, type: `multipart/form-data; boundary=${boundary}` };
}

function readForm(bytes: Uint8Array, type: string): FormData {
  const boundary = /boundary=(.+)$/.exec(type)?.[1] ?? '';
  // Byte for byte, so a file's bytes come back as they were.
  const text = Buffer.from(bytes).toString('latin1');
  const form = new FormData();
  for (const part of text.split(`--${boundary}`).slice(1, -1)) {
    const end = part.indexOf('\r\n\r\n');
    const head = part.slice(2, end);
    const content = Buffer.from(part.slice(end + 4, -2), 'latin1');
    const name = /; name="([^"]*)"/.exec(head)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    if (filename === undefined) form.append(name, content.toString('utf8'));
    else form.append(name, new File([content], filename, { type: /Content-Type: (.*)/i.exec(head)?.[1] ?? '' }));
  }
  return form;
}
