import { permissionRefusal } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { auditEvents, customers } from '@portal/db';
import { createCustomer } from '@portal/db/testing';
import { ssnHash, ssnKeysFor } from '../../platform/ssn-sealing.ts';
import { countWrites } from '../../testing/row-counts.ts';
import { callAsStaff, createSignedInStaff, type SignedInStaff } from '../../testing/staff-helpers.ts';
import { createTestApp, TEST_SECRETS_KEY, type TestApp } from '../../testing/test-app.ts';
import { findCustomerIdsBySsnHashes } from './ssn-repository.ts';
import { openSsn } from './ssn.ts';
import { expectErrors } from '../../testing/error-answers.ts';

let t: TestApp;
let agent: SignedInStaff;
let revealer: SignedInStaff;
const keys = ssnKeysFor(TEST_SECRETS_KEY);

beforeAll(async () => {
  t = await createTestApp();
  agent = await createSignedInStaff(t.app, t.database.db, {
    name: 'Kevin Tran',
    roles: ['agent', 'ssn_editor'],
    online: false,
  });
  revealer = await createSignedInStaff(t.app, t.database.db, {
    name: 'Lauren Foster',
    roles: ['agent', 'ssn_reveal'],
    online: false,
  });
});
afterAll(() => t.close());

const post = (path: 'update_ssn' | 'reveal_ssn', payload: unknown, staff: SignedInStaff = agent) =>
  callAsStaff(t.app, staff, 'POST', `users/${path}`, payload as object);

const storedSsn = async (id: number) =>
  (
    await t.database.db
      .select({ sealed: customers.ssnSealed, hash: customers.ssnHash, last4: customers.ssnLast4 })
      .from(customers)
      .where(eq(customers.id, id))
  )[0];

// The whole customer row as PostgreSQL writes it out: the plain number must appear nowhere in it.
const rowText = async (id: number): Promise<string> => {
  const result = await t.database.db.execute(sql`select c::text as text from customers c where c.id = ${id}`);
  return String((result as unknown as { rows: Array<{ text: string }> }).rows[0]?.text);
};

// The customers holding this number, by the hash's index (what the SSN door asks).
async function findCustomerIdsBySsn(ssn: string): Promise<number[]> {
  const hash = ssnHash(keys, ssn.replace(/\D/g, ''));
  return (await findCustomerIdsBySsnHashes(t.database.db, [hash])).get(hash) ?? [];
}

const auditOf = (action: string, entityId: number) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, String(entityId))))
    .orderBy(desc(auditEvents.id));

// Everything a refused call must leave alone: the usual tables and every customer's SSN columns.
const snapshot = async () => ({
  writes: await countWrites(t.database.db),
  ssns: await t.database.db
    .select({ id: customers.id, sealed: customers.ssnSealed, hash: customers.ssnHash, last4: customers.ssnLast4 })
    .from(customers)
    .orderBy(customers.id),
});

describe('POST users/update_ssn', () => {
  it('stores the SSN sealed, hashed and as its last four, answers the last four and audits it masked', async () => {
    const customer = await createCustomer(t.database.db);
    const response = await post('update_ssn', { user_id: customer.id, ssn: '321-54-9876' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: `SSN updated for customer ${customer.id} (ending 9876).`,
      ssn_last4: '9876',
    });

    const stored = await storedSsn(customer.id);
    expect(stored?.sealed).toMatch(/^gcm1:/);
    expect(openSsn(keys, customer.id, stored?.sealed ?? '')).toBe('321549876');
    expect(stored?.hash).toBe(ssnHash(keys, '321549876'));
    expect(stored?.last4).toBe('9876');
    const text = await rowText(customer.id);
    expect(text).not.toContain('321549876');
    expect(text).not.toContain('321-54-9876');

    const [event] = await auditOf('customer.ssn_updated', customer.id);
    expect(event).toMatchObject({
      employeeId: agent.id,
      entityType: 'customer',
      before: { ssn: null },
      after: { ssn: '***-**-9876' },
    });
    expect(JSON.stringify(event)).not.toMatch(/321.?54/);

    // A new number: the audit shows the old and new last four only.
    const again = await post('update_ssn', { user_id: customer.id, ssn: '401 77 2468' });
    expect(again.json()).toEqual({
      message: `SSN updated for customer ${customer.id} (ending 2468).`,
      ssn_last4: '2468',
    });
    expect((await auditOf('customer.ssn_updated', customer.id))[0]).toMatchObject({
      before: { ssn: '***-**-9876' },
      after: { ssn: '***-**-2468' },
    });
    expect(await findCustomerIdsBySsn('401-77-2468')).toEqual([customer.id]);
    expect(await findCustomerIdsBySsn('321549876')).toEqual([]);
  });

  it('refuses what is not an SSN, an unknown customer and a bad user_id with an errors list, writing nothing', async () => {
    const customer = await createCustomer(t.database.db);
    await post('update_ssn', { user_id: customer.id, ssn: '512-34-7788' });
    const before = await snapshot();
    const cases: Array<[unknown, number, string[]]> = [
      [{ user_id: customer.id }, 400, ['Please enter a value for SSN.']],
      [{ user_id: customer.id, ssn: null }, 400, ['Please enter a value for SSN.']],
      [{ user_id: customer.id, ssn: '' }, 400, ['Please enter a value for SSN.']],
      [{ user_id: customer.id, ssn: '   ' }, 400, ['Please enter a value for SSN.']],
      [{ user_id: customer.id, ssn: '512-34-778' }, 400, ['An SSN is 9 digits, e.g. 123-45-6789; this one has 8.']],
      [{ user_id: customer.id, ssn: '5123477889' }, 400, ['An SSN is 9 digits, e.g. 123-45-6789; this one has 10.']],
      [
        { user_id: customer.id, ssn: '512-34-77AB' },
        400,
        ['An SSN holds digits only (dashes and spaces are fine), e.g. 123-45-6789.'],
      ],
      [
        { user_id: customer.id, ssn: '666-34-7788' },
        400,
        ['No SSN starts with 000, 666 or 9: please check the first three digits.'],
      ],
      [
        { user_id: customer.id, ssn: '512-00-7788' },
        400,
        ['The middle two digits of an SSN are never 00: please check them.'],
      ],
      [
        { user_id: customer.id, ssn: '512-34-0000' },
        400,
        ['The last four digits of an SSN are never 0000: please check them.'],
      ],
      [{ user_id: customer.id, ssn: 512347788 }, 400, ['The SSN must be sent as text, e.g. "123-45-6789".']],
      [{ user_id: customer.id, ssn: '512-34-7790', force: 'yes' }, 400, ['Force must be true or false.']],
      [{ user_id: 'abc', ssn: '512-34-7790' }, 400, ['An id must be a number.']],
      [{ ssn: '512-34-7790' }, 400, ['An id must be a number.']],
      [{ user_id: 99_999_999, ssn: '512-34-7790' }, 404, ['Customer 99999999 was not found.']],
    ];
    for (const [payload, status, errors] of cases) {
      const response = await post('update_ssn', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json(), JSON.stringify(payload)).toEqual({ errors });
    }
    expect(await snapshot()).toEqual(before);
  });

  // Whether a number is someone's is a comparison: through the SSN door (ssn-search.ts), for an
  // editor who may also reveal SSNs, counted and audited there. Each test has its own such editor,
  // so the door's limit (5 a minute) is theirs alone.
  const newChecker = () =>
    createSignedInStaff(t.app, t.database.db, { roles: ['agent', 'ssn_editor', 'ssn_reveal'], online: false });
  const searchesBy = (staff: SignedInStaff) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.employeeId, staff.id), eq(auditEvents.action, 'customer.ssn_searched')));

  it('refuses a number another customer has (409, naming them) unless forced; forcing is audited', async () => {
    const checker = await newChecker();
    const first = await createCustomer(t.database.db);
    const second = await createCustomer(t.database.db);
    expect((await post('update_ssn', { user_id: first.id, ssn: '623-45-1357' }, checker)).statusCode).toBe(200);

    const before = await snapshot();
    const refused = await post('update_ssn', { user_id: second.id, ssn: '623451357' }, checker);
    expectErrors(refused, 409, [
      `Customer ${first.id} already has this SSN. Check the number; to save it for customer ${second.id} as well, use Force.`,
    ]);
    // Nothing but the door's record of the comparison.
    expect(await snapshot()).toEqual({
      ...before,
      writes: { ...before.writes, auditEvents: before.writes.auditEvents + 1 },
    });
    expect((await searchesBy(checker)).map((event) => event.after)).toEqual([
      expect.objectContaining({ purpose: 'SSN correction', ssns_compared: 1, ssns: ['***-**-1357'], found: [] }),
      expect.objectContaining({ purpose: 'SSN correction', ssns_compared: 1, found: [first.id] }),
    ]);

    const forced = await post('update_ssn', { user_id: second.id, ssn: '623-45-1357', force: true }, checker);
    expect(forced.json()).toEqual({
      message: `SSN updated for customer ${second.id} (ending 1357).`,
      ssn_last4: '1357',
    });
    expect((await auditOf('customer.ssn_updated', second.id))[0]).toMatchObject({
      employeeId: checker.id,
      after: { ssn: '***-**-1357', forced: true, same_ssn_as_customers: [first.id] },
    });
    // The same number gives the same hash: one search finds both.
    expect(await findCustomerIdsBySsn('623-45-1357')).toEqual([first.id, second.id]);
    // Sealed apart: the same number, two different texts, each opening for its own customer only.
    const [a, b] = [await storedSsn(first.id), await storedSsn(second.id)];
    expect(a?.sealed).not.toBe(b?.sealed);
    expect(() => openSsn(keys, first.id, b?.sealed ?? '')).toThrow(/does not open/);
  });

  it('answers that nothing changed for the number the customer already has, writing only the comparison', async () => {
    const checker = await newChecker();
    const customer = await createCustomer(t.database.db);
    await post('update_ssn', { user_id: customer.id, ssn: '734-56-2222' }, checker);
    const before = await snapshot();
    const response = await post('update_ssn', { user_id: customer.id, ssn: '734 56 2222' }, checker);
    expect(response.json()).toEqual({
      message: `Customer ${customer.id} already has this SSN (ending 2222); nothing changed.`,
      ssn_last4: '2222',
    });
    expect(await snapshot()).toEqual({
      ...before,
      writes: { ...before.writes, auditEvents: before.writes.auditEvents + 1 },
    });
  });

  it('gives two customers the same new number one after the other: one saved, the other 409', async () => {
    const checker = await newChecker();
    const [first, second] = [await createCustomer(t.database.db), await createCustomer(t.database.db)];
    const answers = await Promise.all(
      [first, second].map((customer) => post('update_ssn', { user_id: customer.id, ssn: '745-67-3333' }, checker)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await findCustomerIdsBySsn('745673333')).toHaveLength(1);
  });

  it("tells an editor without the reveal power nothing about other customers' numbers, and compares none", async () => {
    const holder = await createCustomer(t.database.db);
    const [target, control] = [await createCustomer(t.database.db), await createCustomer(t.database.db)];
    await post('update_ssn', { user_id: holder.id, ssn: '756-78-4444' }, await newChecker());
    const searchesBefore = await searchesBy(agent);
    // The holder's number and one nobody has: the same answer, both saved.
    const taken = await post('update_ssn', { user_id: target.id, ssn: '756-78-4444' });
    const free = await post('update_ssn', { user_id: control.id, ssn: '756-78-4445' });
    expect([taken.statusCode, free.statusCode]).toEqual([200, 200]);
    expect(taken.json()).toEqual({
      message: `SSN updated for customer ${target.id} (ending 4444).`,
      ssn_last4: '4444',
    });
    expect(free.json()).toEqual({
      message: `SSN updated for customer ${control.id} (ending 4445).`,
      ssn_last4: '4445',
    });
    // The customer's own number again: saved again, not "nothing changed".
    const again = await post('update_ssn', { user_id: target.id, ssn: '756784444' });
    expect(again.json()).toEqual({
      message: `SSN updated for customer ${target.id} (ending 4444).`,
      ssn_last4: '4444',
    });
    expect((await auditOf('customer.ssn_updated', target.id))[0]).toMatchObject({
      employeeId: agent.id,
      after: { ssn: '***-**-4444', compared_with_other_customers: false },
    });
    expect(await searchesBy(agent)).toEqual(searchesBefore);
    expect(await findCustomerIdsBySsn('756-78-4444')).toEqual([holder.id, target.id]);
  });

  it('is for signed-in staff only', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/internal/api/users/update_ssn',
      payload: { user_id: 1, ssn: '321-54-9876' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('what the user page shows of an SSN', () => {
  it('is the last four digits, on the user card and in name suggestions', async () => {
    const [first, second] = [
      await createCustomer(t.database.db, { firstName: 'Marisol', lastName: 'Quintanilla' }),
      await createCustomer(t.database.db, { firstName: 'Marisol', lastName: 'Quintanilla' }),
    ];
    await post('update_ssn', { user_id: first.id, ssn: '889-01-7777' });
    const search = (parameter: string, text: string) =>
      callAsStaff(t.app, agent, 'GET', 'users/search', { parameter, search: text });
    const card = await search('ID', String(first.id));
    expect(card.json().user.ssn).toBe('***-**-7777');
    const byName = await search('name', 'Marisol Quintanilla');
    expect(byName.json().suggestions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: first.id, ssn: '***-**-7777' }),
        expect.objectContaining({ id: second.id, ssn: null }),
      ]),
    );
    for (const answer of [card, byName]) expect(answer.body).not.toMatch(/889.?01/);
  });
});

describe('POST users/reveal_ssn', () => {
  it('answers 403 with a sentence to an employee without customers.reveal_ssn, and records nothing', async () => {
    const customer = await createCustomer(t.database.db);
    await post('update_ssn', { user_id: customer.id, ssn: '856-78-4444' });
    const before = await snapshot();
    const response = await post('reveal_ssn', { user_id: customer.id, reason: 'Customer verifying identity' });
    expectErrors(response, 403, [permissionRefusal('customers.reveal_ssn')]);
    expect(response.body).not.toContain('4444');
    expect(await snapshot()).toEqual(before);
  });

  it('answers the whole SSN as XXX-XX-XXXX, uncached, and audits the employee and the reason', async () => {
    const customer = await createCustomer(t.database.db);
    await post('update_ssn', { user_id: customer.id, ssn: '867 89 5555' });
    const response = await post(
      'reveal_ssn',
      { user_id: customer.id, reason: '  Customer on the phone for a credit bureau dispute  ' },
      revealer,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user_id: customer.id, ssn: '867-89-5555', ssn_last4: '5555' });
    expect(response.headers['cache-control']).toBe('no-store');
    const events = await auditOf('customer.ssn_revealed', customer.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      employeeId: revealer.id,
      entityType: 'customer',
      after: {
        employee_name: 'Lauren Foster',
        reason: 'Customer on the phone for a credit bureau dispute',
        ssn: '***-**-5555',
      },
    });
    // Every reveal is its own record.
    await post('reveal_ssn', { user_id: customer.id, reason: 'Second look' }, revealer);
    expect(await auditOf('customer.ssn_revealed', customer.id)).toHaveLength(2);
  });

  it('needs a reason, a known customer and an SSN on file; refusals record nothing', async () => {
    const customer = await createCustomer(t.database.db);
    await post('update_ssn', { user_id: customer.id, ssn: '878-90-6666' });
    const withoutSsn = await createCustomer(t.database.db);
    const before = await snapshot();
    const reasonNeeded = ['Please give a reason for revealing the SSN (what it is needed for).'];
    const cases: Array<[unknown, number, string[]]> = [
      [{ user_id: customer.id }, 400, reasonNeeded],
      [{ user_id: customer.id, reason: '   ' }, 400, reasonNeeded],
      [{ user_id: customer.id, reason: 'ok' }, 400, reasonNeeded],
      [{ user_id: customer.id, reason: 'x'.repeat(501) }, 400, ['The reason must be at most 500 characters.']],
      [{ user_id: 'abc', reason: 'Identity check' }, 400, ['An id must be a number.']],
      [{ user_id: 99_999_999, reason: 'Identity check' }, 404, ['Customer 99999999 was not found.']],
      [{ user_id: withoutSsn.id, reason: 'Identity check' }, 404, [`Customer ${withoutSsn.id} has no SSN on file.`]],
    ];
    for (const [payload, status, errors] of cases) {
      const response = await post('reveal_ssn', payload, revealer);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json(), JSON.stringify(payload)).toEqual({ errors });
    }
    expect(await snapshot()).toEqual(before);
  });
});
