import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { listApiCalls } from './api-calls.ts';
import {
  CALL_METHODS,
  callPathParams,
  callRoute,
  fillCallPath,
  FILE_RESPONSE,
  type CallBody,
  type CallInput,
  type CallOutput,
  type CallQuery,
} from './call.ts';
import { documentCalls } from './documents.ts';
import { messageCalls, type SendReplyResponse } from './messages.ts';
import { sessionCalls } from './session.ts';
import { ticketCalls } from './tickets.ts';

const calls = listApiCalls();
// Relative to API_BASE_PATH: lowercase words joined by '/', a segment may be a :parameter; a call
// that answers a file may end in its extension (exports/staff.csv).
const WELL_FORMED_PATH = /^[a-z0-9_]+(?:\/(?:[a-z0-9_]+|:[a-z][a-z_]*))*(?:\.[a-z0-9]+)?$/;

describe('the API calls', () => {
  it('are all listed, each once', () => {
    expect(calls.length).toBeGreaterThanOrEqual(35);
    expect(new Set(calls.map(({ call }) => call)).size).toBe(calls.length);
  });

  it('have well-formed paths relative to the API base path', () => {
    const malformed = calls
      .filter(({ call }) => !WELL_FORMED_PATH.test(call.path))
      .map(({ name, call }) => `${name}: ${call.path}`);
    expect(malformed).toEqual([]);
  });

  it('are unique per method, as the router (case-insensitive, any parameter name) reads them', () => {
    const routeKey = (method: string, path: string) => `${method} ${path.toLowerCase().replace(/:[a-z_]+/g, ':')}`;
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const { name, call } of calls) {
      const key = routeKey(call.method, call.path);
      const earlier = seen.get(key);
      if (earlier) duplicates.push(`${earlier} and ${name}: ${key}`);
      seen.set(key, name);
    }
    expect(duplicates).toEqual([]);
  });

  it('use known methods, send no body with GET, and declare exactly the parameters their path names', () => {
    const problems: string[] = [];
    for (const { name, call } of calls) {
      if (!CALL_METHODS.includes(call.method)) problems.push(`${name}: method ${call.method}`);
      if (call.method === 'GET' && call.body) problems.push(`${name}: a GET with a body`);
      const named = callPathParams(call.path);
      const declared = call.params instanceof z.ZodObject ? Object.keys(call.params.shape) : [];
      if (call.params && !(call.params instanceof z.ZodObject))
        problems.push(`${name}: params is not an object schema`);
      if (named.join() !== declared.join())
        problems.push(`${name}: path names [${named.join()}], params declare [${declared.join()}]`);
      if (call.response !== FILE_RESPONSE && !(call.response instanceof z.ZodType))
        problems.push(`${name}: no response contract`);
    }
    expect(problems).toEqual([]);
  });
});

describe('call paths', () => {
  it('become the route under the API base path', () => {
    expect(callRoute(messageCalls.sendReply)).toBe('/internal/api/send_reply');
    expect(callRoute(documentCalls.getDocumentFile)).toBe('/internal/api/documents/:id');
  });

  it('fill their parameters percent-encoded', () => {
    expect(fillCallPath('documents/:id', { id: 'statement-7' })).toBe('documents/statement-7');
    expect(fillCallPath('documents/:id', { id: '../a b?c' })).toBe('documents/..%2Fa%20b%3Fc');
    expect(() => fillCallPath('documents/:id', {})).toThrow('The path documents/:id needs id.');
    expect(callPathParams('a/:one/b/:two')).toEqual(['one', 'two']);
  });
});

describe('call types', () => {
  it('give the client the request as it sends it and the answer as it reads it', () => {
    expectTypeOf<CallInput<typeof ticketCalls.getTicket>>().toEqualTypeOf<
      { query: { id: number; preview?: boolean | 'true' | 'false' | '1' | '0' | undefined } } & { body?: undefined } & {
        params?: undefined;
      }
    >();
    expectTypeOf<CallInput<typeof sessionCalls.toggleOnline>['body']>().toEqualTypeOf<{ online: boolean }>();
    expectTypeOf<CallOutput<typeof messageCalls.sendReply>>().toEqualTypeOf<SendReplyResponse>();
    expectTypeOf<CallOutput<typeof documentCalls.getDocumentFile>>().toEqualTypeOf<Blob>();
  });

  it('give the server the parsed parts', () => {
    expectTypeOf<CallQuery<typeof ticketCalls.getTicket>>().toEqualTypeOf<{ id: number; preview: boolean }>();
    expectTypeOf<CallBody<typeof ticketCalls.getTicket>>().toEqualTypeOf<unknown>();
  });
});
