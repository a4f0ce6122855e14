import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createTicket } from '@portal/db/testing';
import { signInAsStaff, type StaffSession } from '../testing/staff-session.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { writeWebBuild } from '../testing/web-build.ts';
import type { RouteAccess } from './auth.ts';

// A built web app of two files, so that its routes are in the table too.
function fakeWebBuild(): string {
  return writeWebBuild({
    'index.html': '<!doctype html><meta name="portal-stage" content="dev"><title>Portal</title>',
    'assets/app-1a2b3c.js': 'console.log("portal")',
  });
}

// The only routes that answer without a session. A new public route must be added here on purpose.
const PUBLIC_API_ROUTES = [
  'POST /internal/api/employees/sign_in',
  'POST /internal/api/enable_2fa',
  // A one-time set-password link is its own proof (staff administration, decision 020).
  'POST /internal/api/employees/set_password',
  'GET /internal/api/health',
  'HEAD /internal/api/health',
  // The probes (issue 42): an orchestrator's probe carries no session.
  'GET /internal/api/livez',
  'HEAD /internal/api/livez',
  'GET /internal/api/readyz',
  'HEAD /internal/api/readyz',
  // The metrics: no session, but the METRICS_TOKEN bearer, checked by the route.
  'GET /internal/api/metrics',
  'HEAD /internal/api/metrics',
  'POST /internal/api/webhooks/twilio/sms',
  'POST /internal/api/webhooks/email',
  // The customer side's document upload: the upload link's signed token is its proof.
  'POST /internal/api/customer_uploads/:kind',
  // The customer app's payment changes: its signed request token is their proof (decision 036).
  'POST /internal/api/customer_app/payments/:id/reschedule',
  'POST /internal/api/customer_app/payments/:id/toggle_method',
  // Live blog posts are for anyone to read (drafts answer staff only).
  'GET /internal/api/blog/posts',
  'HEAD /internal/api/blog/posts',
];

let t: TestApp;
let staff: StaffSession;
let routes: RouteAccess[];

beforeAll(async () => {
  t = await createTestApp({ webDistDir: fakeWebBuild() });
  staff = await signInAsStaff(t.app, t.database.db);
  routes = t.app.listRouteAccess();
});
afterAll(() => t.close());

const concretePath = (url: string) => url.replace(/:\w+/g, '1').replace(/\*$/, 'anything');

// Ways to write the same path that a router may read as that path.
function variantsOf(path: string): Record<string, string> {
  const segments = path.split('/').filter(Boolean);
  const percentEncoded = segments.map((segment) => `%${segment.charCodeAt(0).toString(16)}${segment.slice(1)}`);
  return {
    plain: path,
    'percent-encoded': `/${percentEncoded.join('/')}`,
    'double-slash': `//${segments.join('//')}`,
    'trailing-slash': `${path}/`,
    'mixed-case': `/${segments.map((segment, index) => (index % 2 === 0 ? segment.toUpperCase() : segment[0]!.toUpperCase() + segment.slice(1))).join('/')}`,
  };
}

describe('authentication is the default', () => {
  it('marks public only the routes that must answer without a session', () => {
    const publicApi = routes.filter((route) => route.public && route.url.toLowerCase().startsWith('/internal/api'));
    expect(publicApi.map((route) => `${route.method} ${route.url}`).sort()).toEqual([...PUBLIC_API_ROUTES].sort());
    // Outside the API only the web app (its files and the page that serves client routes), the
    // blog's public side (live posts, their images, and GET posts at the spec's /api/blog path), and
    // the probes and metrics at the root where orchestrators and scrapers look, are public.
    const publicElsewhere = routes.filter(
      (route) => route.public && !route.url.toLowerCase().startsWith('/internal/api'),
    );
    expect(publicElsewhere.map((route) => route.url).sort()).toEqual([
      '/*',
      '/*',
      '/api/blog/posts',
      '/api/blog/posts',
      '/assets/app-1a2b3c.js',
      '/assets/app-1a2b3c.js',
      '/blog/:url',
      '/blog/:url',
      '/blog/images/:name',
      '/blog/images/:name',
      '/index.html',
      '/index.html',
      '/livez',
      '/livez',
      '/metrics',
      '/metrics',
      '/readyz',
      '/readyz',
    ]);
  });

  it('answers 401 without a token on every other route, whichever way its path is written', async () => {
    const guarded = routes.filter((route) => !route.public);
    expect(guarded.length).toBeGreaterThan(30);
    const failures: string[] = [];
    for (const route of guarded) {
      for (const [variant, url] of Object.entries(variantsOf(concretePath(route.url)))) {
        const response = await t.app.inject({
          method: route.method,
          url: `${url}?id=1&user_id=1`,
          ...(route.method === 'GET' || route.method === 'HEAD' ? {} : { payload: {} }),
        });
        const listsErrors = route.method === 'HEAD' || Array.isArray(response.json<{ errors?: unknown }>().errors);
        if (response.statusCode !== 401 || !listsErrors)
          failures.push(`${route.method} ${url} (${variant}): ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('reads no customer data for a signed-out caller through an escaped path (the probe)', async () => {
    const customer = await createCustomer(t.database.db, { phoneNumber: '5035550171' });
    const ticket = await createTicket(t.database.db, { customerId: customer.id, contact: '5035550171' });
    for (const url of [
      `/%69nternal/api/user_info?id=${ticket.id}`,
      `/internal/%61pi/loan_info?id=${ticket.id}`,
      `/internal/%61pi/documents/statement-1`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.body).not.toContain(customer.lastName);
    }
    // The same path with a session reaches the route.
    const signedIn = await t.app.inject({
      method: 'GET',
      url: `/%69nternal/api/user_info?id=${ticket.id}`,
      headers: staff.headers,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toContain(customer.lastName);
  });

  it('answers an unknown API path 401 without a session, and 404 in JSON with one, never the web page', async () => {
    for (const url of [
      '/internal/api/no_such_call',
      '/INTERNAL/API/no_such_call',
      '/internal/api/tickets/1/nothing',
      '/internal/api/',
      '/internal/api',
      // Beside the spec's /api/blog calls.
      '/api/blog/post_list',
      '/api/nothing',
    ]) {
      const signedOut = await t.app.inject({ method: 'GET', url });
      expect(signedOut.statusCode, url).toBe(401);
      const signedIn = await t.app.inject({ method: 'GET', url, headers: staff.headers });
      expect(signedIn.statusCode, url).toBe(404);
      expect(signedIn.json()).toEqual({ errors: [`There is no GET ${url}.`] });
    }
    const unknownMethod = await t.app.inject({ method: 'PUT', url: '/somewhere/else', payload: {} });
    expect(unknownMethod.statusCode).toBe(401);
  });

  it('serves the web app and its files to anyone', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/user?id=5' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('portal');
  });

  it('takes the token from the header, the query or the body', async () => {
    const viaQuery = await t.app.inject({ method: 'GET', url: `/internal/api/employees/session?token=${staff.token}` });
    expect(viaQuery.statusCode).toBe(200);
    const viaBody = await t.app.inject({
      method: 'PATCH',
      url: '/internal/api/toggle_online',
      payload: { token: staff.token, online: false },
    });
    expect(viaBody.statusCode).toBe(200);
  });
});
