import { describe, expect, it, vi } from 'vitest';
import {
  documentCalls,
  MESSAGES,
  messageCalls,
  sessionCalls,
  ticketCalls,
  toggleOnlineResponseSchema,
} from '@portal/contracts';
import { answerApiCalls, noConnection, pdfResponse, type AnswerFor } from '../test/api-server.ts';
import { sessionFixture } from '../test/session-fixture.ts';
import { apiFileRequest, apiRequest, callApi, setUnauthorizedHandler } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { readFlashes } from './flash.ts';
import { queryClient } from './query-client.ts';
import { readSession, saveSession } from './session.ts';
import { handleUnauthorized } from './sign-out-locally.ts';

// The one call a test makes, answered; what it sent comes back.
const answerCall = (endpoint: string, answer: AnswerFor) => answerApiCalls({ [endpoint]: answer });

const toggle = () =>
  apiRequest('toggle_online', { method: 'PATCH', body: { online: true }, schema: toggleOnlineResponseSchema });

describe('apiRequest', () => {
  it('calls the base path with JSON and the bearer token, and answers the parsed body', async () => {
    saveSession(sessionFixture({ apiToken: 'secret-token' }));
    const sent = answerCall('PATCH toggle_online', [200, { online: true }]);

    await expect(toggle()).resolves.toEqual({ online: true });

    expect(sent).toEqual([
      expect.objectContaining({ url: '/internal/api/toggle_online', method: 'PATCH', body: { online: true } }),
    ]);
    expect(sent[0]!.headers.get('Authorization')).toBe('Bearer secret-token');
    expect(sent[0]!.headers.get('Content-Type')).toBe('application/json');
  });

  it('sends no Authorization header when signed out, and puts query values in the URL', async () => {
    const sent = answerCall('GET tickets', [200, { online: false }]);
    await apiRequest('tickets', { query: { num: 10, skip: undefined }, schema: toggleOnlineResponseSchema });
    expect(sent[0]?.url).toBe('/internal/api/tickets?num=10');
    expect(sent[0]?.headers.has('Authorization')).toBe(false);
  });

  it('throws an ApiError with the status and the server errors on a non-2xx answer', async () => {
    answerCall('PATCH toggle_online', [400, { errors: ['Online must be true or false.'] }]);
    const error = await toggle().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, errors: ['Online must be true or false.'] });
  });

  it('explains an error answer without an errors list', async () => {
    answerCall('PATCH toggle_online', () => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(toggle()).rejects.toMatchObject({
      status: 502,
      errors: ['The server could not complete the request (status 502).'],
    });
  });

  it('reports a lost connection with the spec message', async () => {
    answerCall('PATCH toggle_online', noConnection);
    await expect(toggle()).rejects.toMatchObject({ status: 0, errors: [MESSAGES.noConnection] });
  });

  it('rejects an answer that does not match the contract', async () => {
    answerCall('PATCH toggle_online', [200, { online: 'yes' }]);
    await expect(toggle()).rejects.toBeInstanceOf(ApiError);
  });
});

describe('401 handling', () => {
  it('calls the registered handler on any 401', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    answerCall('PATCH toggle_online', [401, { errors: ['Your session has expired.'] }]);
    await expect(toggle()).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledOnce();
  });

  it('leaves a 401 to the caller when asked to (sign-in: wrong credentials)', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    answerCall('POST employees/sign_in', [401, { errors: ['Invalid email or password.'] }]);
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
    answerCall('PATCH toggle_online', [401, { errors: ['Your session has expired.'] }]);

    await expect(toggle()).rejects.toMatchObject({ status: 401 });

    expect(readSession()).toBeNull();
    expect(document.cookie).toBe('');
    expect(queryClient.getQueryData(['tickets'])).toBeUndefined();
    expect(readFlashes()).toEqual([expect.objectContaining({ message: MESSAGES.credentialsExpired, type: 'error' })]);
  });

  it('flashes nothing when nobody was signed in', async () => {
    setUnauthorizedHandler(handleUnauthorized);
    answerCall('PATCH toggle_online', [401, { errors: ['Sign in first.'] }]);
    await expect(toggle()).rejects.toMatchObject({ status: 401 });
    expect(readFlashes()).toEqual([]);
  });
});

describe('apiFileRequest', () => {
  it('fetches an API file with the bearer token, as a blob', async () => {
    saveSession(sessionFixture({ apiToken: 'secret-token' }));
    const sent = answerCall('GET documents/st-1', pdfResponse);
    const blob = await apiFileRequest('/internal/api/documents/st-1');
    expect(blob.type).toBe('application/pdf');
    expect(sent[0]?.url).toBe('/internal/api/documents/st-1');
    expect(sent[0]?.headers.get('Authorization')).toBe('Bearer secret-token');
  });

  it('never sends the token to another origin', async () => {
    saveSession(sessionFixture());
    // A request anywhere would be a call this test did not answer, and fail it too.
    const sent = answerApiCalls({});
    await expect(apiFileRequest('https://elsewhere.example/doc.pdf')).rejects.toBeInstanceOf(ApiError);
    await expect(apiFileRequest('//elsewhere.example/doc.pdf')).rejects.toBeInstanceOf(ApiError);
    expect(sent).toEqual([]);
  });
});

describe('callApi', () => {
  it('sends a body call with its method and path, and parses the answer with its contract', async () => {
    saveSession(sessionFixture({ apiToken: 'secret-token' }));
    const sent = answerCall('PATCH toggle_online', [200, { online: false }]);
    await expect(callApi(sessionCalls.toggleOnline, { body: { online: false } })).resolves.toEqual({ online: false });
    expect(sent).toEqual([
      expect.objectContaining({ url: '/internal/api/toggle_online', method: 'PATCH', body: { online: false } }),
    ]);
    expect(sent[0]!.headers.get('Authorization')).toBe('Bearer secret-token');
  });

  it('puts a query call’s fields in the URL, DELETE included', async () => {
    const sent = answerCall('DELETE ticket', [200, { id: 101, state: 'closed', archived: null, escalated: null }]);
    await callApi(ticketCalls.closeTicket, { query: { id: 101 } });
    expect(sent).toEqual([
      expect.objectContaining({ url: '/internal/api/ticket?id=101', method: 'DELETE', body: null }),
    ]);
  });

  it('rejects an answer its response contract does not allow', async () => {
    answerCall('POST send_reply', [200, { ticket_id: 'seven' }]);
    await expect(callApi(messageCalls.sendReply, { body: { id: 7, reply: 'Hi' } })).rejects.toMatchObject({
      errors: ['The server sent an answer the Portal does not understand.'],
    });
  });

  it('fills path parameters percent-encoded, and answers a file call with its bytes', async () => {
    const sent = answerCall('GET documents/statement%201%2F2', pdfResponse);
    const blob = await callApi(documentCalls.getDocumentFile, { params: { id: 'statement 1/2' } });
    expect(blob.type).toBe('application/pdf');
    expect(sent[0]?.url).toBe('/internal/api/documents/statement%201%2F2');
  });

  it('leaves a 401 to the caller when asked to', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    answerCall('POST employees/sign_in', [401, { errors: ['Invalid email or password.'] }]);
    const signIn = callApi(
      sessionCalls.signIn,
      { body: { employee: { email: 'a@b.c', password: 'x' } } },
      { signOutOnUnauthorized: false },
    );
    await expect(signIn).rejects.toMatchObject({ status: 401 });
    expect(handler).not.toHaveBeenCalled();
  });
});
