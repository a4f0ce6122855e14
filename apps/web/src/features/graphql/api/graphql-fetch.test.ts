import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/unauthorized.ts';
import { clearSession, saveSession, type Session } from '../../../lib/session.ts';
import { answerApiCalls } from '../../../test/api-server.ts';
import { graphqlFetch, GRAPHQL_URL } from './graphql-fetch.ts';

const session = { apiToken: 'token-1', employeeId: 7, name: 'Ada' } as Session;

describe('graphqlFetch', () => {
  const onUnauthorized = vi.fn();
  beforeEach(() => {
    setUnauthorizedHandler(onUnauthorized);
    saveSession(session);
  });
  afterEach(() => {
    setUnauthorizedHandler(null);
    clearSession();
    onUnauthorized.mockReset();
  });

  it('sends the session token as the bearer header, with the headers GraphiQL gave', async () => {
    const sent = answerApiCalls({ 'POST graphql': () => new Response('{"data":{}}', { status: 200 }) });
    await graphqlFetch(GRAPHQL_URL, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(sent[0]?.url).toBe('/internal/api/graphql');
    expect(sent[0]?.headers.get('authorization')).toBe('Bearer token-1');
    expect(sent[0]?.headers.get('content-type')).toBe('application/json');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('signs out on a 401, as every other call does', async () => {
    answerApiCalls({ 'POST graphql': () => new Response('{"errors":["Sign in to continue."]}', { status: 401 }) });
    const response = await graphqlFetch(GRAPHQL_URL, { method: 'POST', body: '{}' });
    expect(response.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves a refused query (400) to the explorer to show', async () => {
    answerApiCalls({ 'POST graphql': () => new Response('{"errors":[{"message":"Too deep."}]}', { status: 400 }) });
    await graphqlFetch(GRAPHQL_URL, { method: 'POST', body: '{}' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
