import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customerEmails, customers } from '@portal/db';
import { createCustomer, createTicket } from '@portal/db/testing';
import { countWrites } from '../../testing/row-counts.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { auditEventsOf } from '../../testing/audit-events.ts';

const t = useTestApp();
const staff = useStaffSession(t);

const edit = (payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/internal/api/user_info', headers: staff.headers, payload });
const customerRow = async (id: number) =>
  (await t.database.db.select().from(customers).where(eq(customers.id, id)))[0]!;

async function linkedTicket() {
  const customer = await createCustomer(t.database.db, { phoneNumber: '5035550140' });
  const ticket = await createTicket(t.database.db, { customerId: customer.id, contact: '5035550140' });
  return { customer, ticket };
}

describe('PATCH user_info', () => {
  it("changes the ticket's customer's email and keeps the old address in their email history", async () => {
    const { customer, ticket } = await linkedTicket();
    const response = await edit({ id: ticket.id, parameter: 'email', text: '  New.Address@Example.com ' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: `Email changed from ${customer.email} to new.address@example.com.` });
    expect((await customerRow(customer.id)).email).toBe('new.address@example.com');
    const history = await t.database.db.select().from(customerEmails).where(eq(customerEmails.customerId, customer.id));
    expect(history.map((row) => row.email).sort()).toEqual([customer.email, 'new.address@example.com'].sort());
    const [audit] = await auditEventsOf(t.database.db, 'customer.field_changed', customer.id);
    expect(audit).toMatchObject({
      employeeId: staff.employeeId,
      before: { email: customer.email },
      after: { email: 'new.address@example.com' },
    });
  });

  it('keeps the old address even when it was missing from the history', async () => {
    const { customer, ticket } = await linkedTicket();
    await t.database.db.delete(customerEmails).where(eq(customerEmails.customerId, customer.id));
    expect((await edit({ id: ticket.id, parameter: 'email', text: 'later@example.com' })).statusCode).toBe(200);
    const history = await t.database.db.select().from(customerEmails).where(eq(customerEmails.customerId, customer.id));
    expect(history.map((row) => row.email).sort()).toEqual([customer.email, 'later@example.com'].sort());
  });

  it('normalizes a phone number to its 10 digits, and sets other fields', async () => {
    const { customer, ticket } = await linkedTicket();
    expect((await edit({ id: ticket.id, parameter: 'phone_number', text: '(503) 555-0199' })).json()).toEqual({
      message: 'Phone number changed from 5035550140 to 5035550199.',
    });
    expect((await edit({ id: ticket.id, parameter: 'state', text: 'wa' })).statusCode).toBe(200);
    expect((await edit({ id: ticket.id, parameter: 'birthday', text: '1985-02-28' })).statusCode).toBe(200);
    expect(await customerRow(customer.id)).toMatchObject({
      phoneNumber: '5035550199',
      state: 'WA',
      birthday: '1985-02-28',
    });
  });

  it("answers 422 'Invalid Entry for field: ...' for a bad value, and writes nothing", async () => {
    const { customer, ticket } = await linkedTicket();
    const before = await countWrites(t.database.db);
    for (const [parameter, text] of [
      ['email', 'not-an-email'],
      ['phone_number', '555-0199'],
      ['birthday', '1985-02-30'],
      ['zip', 'ABCDE'],
    ]) {
      const response = await edit({ id: ticket.id, parameter, text });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ errors: [`Invalid Entry for field: ${parameter}`] });
    }
    expect((await edit({ id: ticket.id, parameter: 'ssn', text: '123' })).statusCode).toBe(400);
    expect(await countWrites(t.database.db)).toEqual(before);
    expect((await customerRow(customer.id)).email).toBe(customer.email);
  });

  it("refuses another customer's email (409), an unlinked ticket (409) and an unknown ticket (404)", async () => {
    const { ticket } = await linkedTicket();
    const other = await createCustomer(t.database.db);
    const unlinked = await createTicket(t.database.db, { contact: '5035550141' });
    const before = await countWrites(t.database.db);
    expect((await edit({ id: ticket.id, parameter: 'email', text: other.email })).json()).toEqual({
      errors: [`Another customer (ID ${other.id}) already uses ${other.email} as their email.`],
    });
    expect((await edit({ id: unlinked.id, parameter: 'first_name', text: 'Ann' })).json()).toEqual({
      errors: [`Ticket ${unlinked.id} is not linked to a customer; link it to an account first.`],
    });
    expect((await edit({ id: 99_999_999, parameter: 'first_name', text: 'Ann' })).statusCode).toBe(404);
    expect(await countWrites(t.database.db)).toEqual(before);
  });
});
