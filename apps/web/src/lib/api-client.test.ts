import { describe, expect, it, vi } from 'vitest';
import {
  documentCalls,
  MESSAGES,
  messageCalls,
  sessionCalls,
  ticketCalls,
  toggleOnlineResponseSchema,
} from '@portal/contracts';
import { jsonResponse } from '../test/render.tsx';
import { sessionFixture } from '../test/session-fixture.ts';
import { apiFileRequest, apiRequest, callApi, setUnauthorizedHandler } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { readFlashes } from './flash.ts';
import { queryClient } from './query-client.ts';
import { readSession, saveSession } from './session.ts';
import { handleUnauthorized } from './sign-out-locally.ts';

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn<typeof fetch>(() =>
    response instanceof Error ? Promise.reject(response) : Promise.resolve(response),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const toggle = () =>
  apiRequest('toggle_online', { method: 'PATCH', body: { online: true }, schema: toggleOnlineResponseSchema });

describe('apiRequest', () => {
  it('calls the base path with JSON and the bearer token, and answers the parsed body', async () => {
    saveSession(sessionFixture({ apiToken: 'secret-token' }));
    const fetchMock = stubFetch(jsonResponse({ online: true }));

    await expect(toggle()).resolves.toEqual({ online: true });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/internal/api/toggle_online');
    expect(init?.method).toBe('PATCH');
    expect(init?.body).toBe('{"online":true}');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer secret-token');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('sends no Authorization header when signed out, and puts query values in the URL', async () => {
    const fetchMock = stubFetch(jsonResponse({ online: false }));
    await apiRequest('tickets', { query: { num: 10, skip: undefined }, schema: toggleOnlineResponseSchema });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/internal/api/tickets?num=10');
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
  });

  it('throws an ApiError with the status and the server errors on a non-2xx answer', async () => {
    stubFetch(jsonResponse({ errors: ['Online must be true or false.'] }, 400));
    const error = await toggle().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, errors: ['Online must be true or false.'] });
  });

  it('explains an error answer without an errors list', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(toggle()).rejects.toMatchObject({
      status: 502,
      errors: ['The server could not complete the request (status 502).'],
    });
  });

  it('reports a lost connection with the spec message', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    await expect(toggle()).rejects.toMatchObject({ status: 0, errors: [MESSAGES.noConnection] });
  });

  it('rejects an answer that does not match the contract', async () => {
    stubFetch(jsonResponse({ online: 'yes' }));
    await expect(toggle()).rejects.toBeInstanceOf(ApiError);
  });
});

describe('401 handling', () => {
  it('calls the registered handler on any 401', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    stubFetch(jsonResponse({ errors: ['Your session has expired.'] }, 401));
    await expect(toggle()).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledOnce();
  });

  it('leaves a 401 to the caller when asked to (sign-in: wrong credentials)', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    stubFetch(jsonResponse({ errors: ['Invalid email or password.'] }, 401));
    await expect(
      apiRequest('employees/sign_in', {
        method: 'POST',
        body: {},
        schema: toggleOnlineResponseSchema,
        signOutOnUnauthorized: false,
      }),
    ).rejects.toMatchObject({ status: 401, errors: ['Invalid email or password.'] });
    expect(handler).not.toHaveBeenCalled();
  });

  it('signs a signed-in employee out: cookies, session and query cache cleared, expired message flashed', async () => {
    setUnauthorizedHandler(handleUnauthorized);
    saveSession(sessionFixture());
    queryClient.setQueryData(['tickets'], ['cached']);
    expect(document.cookie).toContain('apiToken=token-abc');
    stubFetch(jsonResponse({ errors: ['Your session has expired.'] }, 401));

    await expect(toggle()).rejects.toMatchObject({ status: 401 });

    expect(readSession()).toBeNull();
    expect(document.cookie).toBe('');
    expect(queryClient.getQueryData(['tickets'])).toBeUndefined();
    expect(readFlashes()).toEqual([expect.objectContaining({ message: MESSAGES.credentialsExpired, type: 'error' })]);
  });

  it('flashes nothing when nobody was signed in', async () => {
    setUnauthorizedHandler(handleUnauthorized);
    stubFetch(jsonResponse({ errors: ['Sign in first.'] }, 401));
    await expect(toggle()).rejects.toMatchObject({ status: 401 });
    expect(readFlashes()).toEqual([]);
  });
});

describe('apiFileRequest', () => {
  it('fetches an API file with the bearer token, as a blob', async () => {
    saveSession(sessionFixture({ apiToken: 'secret-token' }));
    const fetchMock = stubFetch(new Response('%PDF', { headers: { 'Content-Type': 'application/pdf' } }));
    const blob = await apiFileRequest('/internal/api/documents/st-1');
    expect(blob.type).toBe('application/pdf');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/internal/api/documents/st-1');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer secret-token');
  });

  it('never sends the token to another origin', async () => {
    saveSession(sessionFixture());
    const fetchMock = stubFetch(new Response('x'));
    await expect(apiFileRequest('https://elsewhere.example/doc.pdf')).rejects.toBeInstanceOf(ApiError);
    await expect(apiFileRequest('//elsewhere.example/doc.pdf')).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('callApi', () => {
  it('sends a body call with its method and path, and parses the answer with its contract', async () => {
    saveSession(sessionFixture({ apiToken: 'secret-token' }));
    const fetchMock = stubFetch(jsonResponse({ online: false }));
    await expect(callApi(sessionCalls.toggleOnline, { body: { online: false } })).resolves.toEqual({ online: false });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/internal/api/toggle_online');
    expect(init?.method).toBe('PATCH');
    expect(init?.body).toBe('{"online":false}');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer secret-token');
  });

  it('puts a query call’s fields in the URL, DELETE included', async () => {
    const fetchMock = stubFetch(jsonResponse({ id: 101, state: 'closed', archived: null, escalated: null }));
    await callApi(ticketCalls.closeTicket, { query: { id: 101 } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/internal/api/ticket?id=101');
    expect(init?.method).toBe('DELETE');
    expect(init?.body).toBeUndefined();
  });

  it('rejects an answer its response contract does not allow', async () => {
    stubFetch(jsonResponse({ ticket_id: 'seven' }));
    await expect(callApi(messageCalls.sendReply, { body: { id: 7, reply: 'Hi' } })).rejects.toMatchObject({
      errors: ['The server sent an answer the Portal does not understand.'],
    });
  });

  it('fills path parameters percent-encoded, and answers a file call with its bytes', async () => {
    const fetchMock = stubFetch(new Response('%PDF', { headers: { 'Content-Type': 'application/pdf' } }));
    const blob = await callApi(documentCalls.getDocumentFile, { params: { id: 'statement 1/2' } });
    expect(blob.type).toBe('application/pdf');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/internal/api/documents/statement%201%2F2');
  });

  it('leaves a 401 to the caller when asked to', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    stubFetch(jsonResponse({ errors: ['Invalid email or password.'] }, 401));
    const signIn = callApi(
      sessionCalls.signIn,
      { body: { employee: { email: 'a@b.c', password: 'x' } } },
      { signOutOnUnauthorized: false },
    );
    await expect(signIn).rejects.toMatchObject({ status: 401 });
    expect(handler).not.toHaveBeenCalled();
  });
});
