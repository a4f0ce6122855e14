import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  callRoute,
  callRoutes,
  listApiCalls,
  permissionRefusal,
  permissions,
  requiredPermissions,
  type CallDescriptor,
  type Permission,
} from '@portal/contracts';
import { blogPosts, customers, documents, macros, messages, roles } from '@portal/db';
import { createCustomer, createLoan, createMacro } from '@portal/db/testing';
import type { RouteAccess } from './plugins/auth.ts';
import { countWrites } from './testing/row-counts.ts';
import { signInAsStaff, type StaffSession } from './testing/staff-session.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';
import { callAsStaff } from './testing/staff-helpers.ts';
import { expectErrors } from './testing/error-answers.ts';

// Who may call what is declared once, in each call's descriptor, and enforced by the platform
// before the handler (decision 037). These tests walk every call, so a new call that forgets to
// declare, or a route that drifts from its descriptor, fails here.

let t: TestApp;
let agent: StaffSession;
let routes: RouteAccess[];
// An employee holding only the one permission (a role of their own), per permission.
const holders = new Map<Permission, StaffSession>();

beforeAll(async () => {
  t = await createTestApp();
  routes = t.app.listRouteAccess();
  agent = await signInAsStaff(t.app, t.database.db, ['agent']);
  await t.database.db
    .insert(roles)
    .values(permissions.map((permission) => ({ name: `only ${permission}`, permissions: [permission] })));
  for (const permission of permissions)
    holders.set(permission, await signInAsStaff(t.app, t.database.db, [`only ${permission}`]));
});
afterAll(() => t.close());

const guarded = listApiCalls().filter(({ call }) => requiredPermissions(call.access).length > 0);
const concretePath = (call: CallDescriptor) => callRoute(call).replace(/:\w+/g, '1');
const inject = (call: CallDescriptor, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method: call.method, url: concretePath(call), headers, ...(payload ? { payload } : {}) });

describe("every call's declared access", () => {
  it('is declared, and names only known permissions', () => {
    const problems = listApiCalls().flatMap(({ name, call }) => {
      const access: unknown = call.access;
      if (access === 'public' || access === 'signedIn') return [];
      if (typeof access !== 'object' || access === null || !('anyOf' in access) || !Array.isArray(access.anyOf))
        return [`${name}: declares no access`];
      if (access.anyOf.length === 0) return [`${name}: needs one of no permissions`];
      return access.anyOf.filter((p: unknown) => !permissions.includes(p as Permission)).map((p) => `${name}: ${p}`);
    });
    expect(problems).toEqual([]);
  });

  it('is what its route enforces: public, or the permissions it needs', () => {
    const byRoute = new Map(routes.map((route) => [`${route.method} ${route.url}`, route]));
    const drift = listApiCalls().flatMap(({ name, call }) => {
      // At its route and at each of the spec's other paths for it (alsoAt).
      return callRoutes(call).flatMap((url) => {
        const route = byRoute.get(`${call.method} ${url}`);
        if (!route) return [`${name}: not registered at ${url}`];
        const declared = { public: call.access === 'public', anyOf: [...requiredPermissions(call.access)] };
        const enforced = { public: route.public, anyOf: [...route.anyOf] };
        return JSON.stringify(declared) === JSON.stringify(enforced)
          ? []
          : [`${name} at ${url}: ${JSON.stringify(enforced)}`];
      });
    });
    expect(drift).toEqual([]);
  });

  it('refuses a signed-in employee without the permission before reading the input, and writes nothing', async () => {
    expect(guarded.length).toBeGreaterThan(30);
    const before = await countWrites(t.database.db);
    const answers = [];
    for (const { name, call } of guarded) {
      const response = await inject(call, agent.headers);
      answers.push({ name, status: response.statusCode, body: response.json() as unknown });
    }
    expect(answers).toEqual(
      guarded.map(({ name, call }) => ({
        name,
        status: 403,
        body: { errors: [permissionRefusal(requiredPermissions(call.access)[0]!)] },
      })),
    );
    expect(await countWrites(t.database.db)).toEqual(before);
  });

  it('lets a holder of any one of the permissions through to the call', async () => {
    const refused = [];
    for (const { name, call } of guarded)
      for (const permission of requiredPermissions(call.access)) {
        const response = await inject(call, holders.get(permission)!.headers);
        // A call that answers a file (a list's CSV) answers it: only a JSON answer can be a refusal.
        const json = String(response.headers['content-type']).startsWith('application/json');
        const body: unknown = json ? response.json() : response.body;
        if (response.statusCode === 403 && JSON.stringify(body).includes(permissionRefusal(permission)))
          refused.push(`${name} with ${permission}`);
      }
    expect(refused).toEqual([]);
  });

  it('answers a signed-out caller of a public call without asking for a staff session', async () => {
    const publicCalls = listApiCalls().filter(({ call }) => call.access === 'public');
    expect(publicCalls.map(({ name }) => name)).toContain('session.signIn');
    for (const { name, call } of publicCalls) {
      const response = await inject(call, {});
      expect([name, response.body]).not.toEqual([name, JSON.stringify({ errors: ['Sign in to continue.'] })]);
    }
  });
});

// What an outside review found a plain agent could do (issue 27), each now refused and undone by nothing.
describe('a plain agent', () => {
  it('cannot send the FCRA 103 mailer', async () => {
    const customer = await createCustomer(t.database.db);
    const { loan } = await createLoan(t.database.db, { customerId: customer.id });
    const response = await callAsStaff(t.app, agent, 'POST', 'fcra_dashboard/fcra_mailer', {
      id: loan.id,
      code: '103',
    });
    expectErrors(response, 403, [permissionRefusal('credit_reporting.adjust')]);
    expect(await t.database.db.select().from(documents).where(eq(documents.customerId, customer.id))).toEqual([]);
    expect(await t.database.db.select().from(messages).where(eq(messages.customerId, customer.id))).toEqual([]);
  });

  it("cannot overwrite a customer's SSN", async () => {
    const customer = await createCustomer(t.database.db);
    const [before] = await t.database.db.select().from(customers).where(eq(customers.id, customer.id));
    const response = await callAsStaff(t.app, agent, 'POST', 'users/update_ssn', {
      user_id: customer.id,
      ssn: '123-45-6789',
    });
    expectErrors(response, 403, [permissionRefusal('customers.edit_ssn')]);
    const [after] = await t.database.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(after).toEqual(before);
  });

  it('cannot rewrite a live blog post', async () => {
    const editor = holders.get('content.edit')!;
    const post = {
      url: 'access-test',
      subject: 'Paying early',
      short: 'How paying early works.',
      image_file_name: 'credit.jpg',
      category: 'Loan Knowledge Center',
      body: '<p>Original words.</p><img src="credit.jpg" alt="">',
      live: true,
    };
    const saved = await callAsStaff(t.app, editor, 'POST', 'blog/create_post', { blog: post });
    expect(saved.statusCode, saved.body).toBe(200);
    const response = await callAsStaff(t.app, agent, 'POST', 'blog/create_post', {
      blog: { ...post, original_url: 'access-test', body: '<p>Defaced.</p>' },
    });
    expectErrors(response, 403, [permissionRefusal('content.edit')]);
    const [kept] = await t.database.db.select().from(blogPosts).where(eq(blogPosts.url, 'access-test'));
    expect(kept?.body).toContain('Original words.');
  });

  it('cannot change a macro customers are sent', async () => {
    const macro = await createMacro(t.database.db, {
      title: 'change_phone',
      body: 'Hi {first_name}, your phone number is now {new_phone}.',
    });
    const response = await callAsStaff(t.app, agent, 'POST', 'update_macro', {
      original_title: 'change_phone',
      title: 'change_phone',
      body: 'Send us your bank login.',
    });
    expectErrors(response, 403, [permissionRefusal('macros.edit')]);
    const [kept] = await t.database.db.select().from(macros).where(eq(macros.id, macro.id));
    expect(kept?.body).toBe('Hi {first_name}, your phone number is now {new_phone}.');
  });
});
