import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH, callRoute, listApiCalls } from '@portal/contracts';
import type { RouteAccess } from './plugins/auth.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';

// The API routes that are not calls of ours: the inbound webhooks (Twilio's form, raw MIME), the
// OpenAPI document that describes the calls, GraphQL (its own schema; decision 033), and the
// catch-all that answers unknown paths.
const NOT_CALLS = [
  `POST ${API_BASE_PATH}/webhooks/twilio/sms`,
  `POST ${API_BASE_PATH}/webhooks/email`,
  `GET ${API_BASE_PATH}/openapi.json`,
  `POST ${API_BASE_PATH}/graphql`,
];

let t: TestApp;
let routes: RouteAccess[];

beforeAll(async () => {
  t = await createTestApp();
  routes = t.app.listRouteAccess();
});
afterAll(() => t.close());

const keyOf = (method: string, url: string) => `${method} ${url}`;

describe('the API routes', () => {
  it('include every call of the contracts, by its method and path', () => {
    const registered = new Set(routes.map((route) => keyOf(route.method, route.url)));
    const missing = listApiCalls()
      .filter(({ call }) => !registered.has(keyOf(call.method, callRoute(call))))
      .map(({ name, call }) => `${name}: ${keyOf(call.method, callRoute(call))}`);
    expect(missing).toEqual([]);
  });

  it('are each a call of the contracts, registered once (HEAD follows GET; webhooks and the catch-all aside)', () => {
    const calls = new Set(listApiCalls().map(({ call }) => keyOf(call.method, callRoute(call))));
    const api = routes.filter(
      (route) => route.url.startsWith(`${API_BASE_PATH}/`) && !route.url.endsWith('/*') && route.method !== 'HEAD',
    );
    const keys = api.map((route) => keyOf(route.method, route.url));
    expect(keys.filter((key) => !calls.has(key) && !NOT_CALLS.includes(key))).toEqual([]);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('answer health as before, now through its contract', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API_BASE_PATH}/health` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.body).toBe('{"ok":true}');
  });
});
