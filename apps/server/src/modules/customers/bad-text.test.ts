import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customers } from '@portal/db';
import { createCustomer, createTicket } from '@portal/db/testing';
import { countWrites } from '../../testing/row-counts.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { callAsStaff } from '../../testing/staff-helpers.ts';
import { expectErrors } from '../../testing/error-answers.ts';

// A NUL cannot be stored in a text column, and a lone surrogate breaks the audit's JSONB: both are
// refused before the edit starts, with the field named.
const t = useTestApp();
const staff = useStaffSession(t);

const edit = (payload: object, headers: Record<string, string> = staff.headers) =>
  t.app.inject({ method: 'PATCH', url: '/internal/api/user_info', headers, payload });
const customerRow = async (id: number) =>
  (await t.database.db.select().from(customers).where(eq(customers.id, id)))[0]!;

describe('PATCH user_info with text the database cannot store', () => {
  it.each([
    ['a NUL', 'first_name', 'Ann\u0000', 'text: must not contain a NUL character.'],
    ['a NUL in an email', 'email', 'ann\u0000@example.com', 'text: must not contain a NUL character.'],
    [
      'a lone high surrogate',
      'first_name',
      'Ann\ud800',
      'text: is not valid text (it holds a broken Unicode character).',
    ],
    [
      'a lone low surrogate',
      'city',
      '\udc00Portland',
      'text: is not valid text (it holds a broken Unicode character).',
    ],
  ])('answers 400 for %s, and writes nothing', async (_case, parameter, text, error) => {
    const customer = await createCustomer(t.database.db);
    const ticket = await createTicket(t.database.db, { customerId: customer.id, contact: customer.phoneNumber! });
    const before = await countWrites(t.database.db);

    const response = await edit({ id: ticket.id, parameter, text });
    expectErrors(response, 400, [error]);
    expect(await countWrites(t.database.db)).toEqual(before);
    expect(await customerRow(customer.id)).toEqual(customer);
  });

  it('keeps a name written with characters outside the Basic Multilingual Plane (a surrogate pair)', async () => {
    const customer = await createCustomer(t.database.db);
    const ticket = await createTicket(t.database.db, { customerId: customer.id, contact: customer.phoneNumber! });
    expect((await edit({ id: ticket.id, parameter: 'first_name', text: '𠀋Ann 😀' })).statusCode).toBe(200);
    expect((await customerRow(customer.id)).firstName).toBe('𠀋Ann 😀');
  });

  it('answers a signed-out caller 401 before looking at the text', async () => {
    const response = await edit({ id: 1, parameter: 'first_name', text: 'Ann\u0000' }, {});
    expect(response.statusCode).toBe(401);
  });
});

describe('GET documents/:id with a NUL in the path', () => {
  it('answers 400 naming the path parameter', async () => {
    const response = await callAsStaff(t.app, staff, 'GET', 'documents/upload-1%00.pdf');
    expectErrors(response, 400, ['id: must not contain a NUL character.']);
  });
});
