import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tickets } from '@portal/db';
import { createCustomer, createTicket } from '@portal/db/testing';
import { countWrites } from '../../testing/row-counts.ts';
import { signInAsStaff, type StaffSession } from '../../testing/staff-session.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { callAsStaff } from '../../testing/staff-helpers.ts';
import { expectErrors } from '../../testing/error-answers.ts';

let t: TestApp;
let staff: StaffSession;

beforeAll(async () => {
  t = await createTestApp();
  staff = await signInAsStaff(t.app, t.database.db);
  await createCustomer(t.database.db, { email: 'someone@example.com' });
});
afterAll(() => t.close());

const link = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/internal/api/users/link_ticket', headers: staff.headers, payload });

describe('POST users/link_ticket with input the database cannot take', () => {
  it.each([
    ['a NUL in the email', { email: 'someone\u0000@example.com' }, 'email: must not contain a NUL character.'],
    [
      'a lone surrogate in the email',
      { email: 'some\ud800one@example.com' },
      'email: is not valid text (it holds a broken Unicode character).',
    ],
    [
      'a user_id past what JSON carries exactly',
      { user_id: 2 ** 60 },
      'user_id: is too large; it can be at most 9007199254740991.',
    ],
  ])('answers 400 for %s, and links and writes nothing', async (_case, fields, error) => {
    const ticket = await createTicket(t.database.db, { channel: 'email', contact: 'unknown.sender@example.com' });
    const before = await countWrites(t.database.db);

    const response = await link({ ticket_id: ticket.id, ...fields });
    expectErrors(response, 400, [error]);
    expect(await countWrites(t.database.db)).toEqual(before);
    expect((await t.database.db.select().from(tickets).where(eq(tickets.id, ticket.id)))[0]?.customerId).toBeNull();
  });

  it('answers 400 for a message_id past what JSON carries exactly on get_raw_message', async () => {
    const response = await callAsStaff(t.app, staff, 'GET', 'users/get_raw_message?message_id=123456789012345678901');
    expectErrors(response, 400, ['message_id: is too large; it can be at most 9007199254740991.']);
  });
});
