import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customerEmails, customers, messages, tickets } from '@portal/db';
import { createCustomer, createTicket } from '@portal/db/testing';
import { customerCommentsOf } from '../../testing/customer-comments.ts';
import { countWrites } from '../../testing/row-counts.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { auditEventsOf } from '../../testing/audit-events.ts';

const t = useTestApp();
const staff = useStaffSession(t);

const link = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/internal/api/users/link_ticket', headers: staff.headers, payload });
const ticketRow = async (id: number) => (await t.database.db.select().from(tickets).where(eq(tickets.id, id)))[0]!;

describe('POST users/link_ticket', () => {
  it('links an unmatched email ticket to a customer by ID: the ticket, its messages, and the address joins their history', async () => {
    const customer = await createCustomer(t.database.db);
    const ticket = await createTicket(t.database.db, {
      channel: 'email',
      contact: 'new.address@example.com',
      thread: ['One', 'Two'],
    });
    const response = await link({ ticket_id: ticket.id, user_id: customer.id });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ticket_id: ticket.id, user_id: customer.id });
    expect((await ticketRow(ticket.id)).customerId).toBe(customer.id);
    const thread = await t.database.db.select().from(messages).where(eq(messages.ticketId, ticket.id));
    expect(thread.map((message) => message.customerId)).toEqual([customer.id, customer.id]);
    const emails = await t.database.db.select().from(customerEmails).where(eq(customerEmails.customerId, customer.id));
    expect(emails.map((row) => row.email).sort()).toEqual([customer.email, 'new.address@example.com'].sort());
    const [primary] = await t.database.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(primary?.email).toBe(customer.email);
    const [audit] = await auditEventsOf(t.database.db, 'ticket.linked', ticket.id);
    expect(audit).toMatchObject({
      employeeId: staff.employeeId,
      before: { customerId: null },
      after: { customerId: customer.id, addedEmail: 'new.address@example.com' },
    });
  });

  it('finds the customer by an email (primary or from their history) and relinks a ticket linked to someone else', async () => {
    const wrong = await createCustomer(t.database.db);
    const right = await createCustomer(t.database.db);
    await t.database.db.insert(customerEmails).values({ customerId: right.id, email: 'older@example.com' });
    const ticket = await createTicket(t.database.db, { channel: 'email', contact: right.email, customerId: wrong.id });

    const byHistory = await link({ ticket_id: ticket.id, email: 'Older@Example.com' });
    expect(byHistory.json()).toEqual({ ticket_id: ticket.id, user_id: right.id });
    expect((await ticketRow(ticket.id)).customerId).toBe(right.id);
    const byPrimary = await link({ ticket_id: ticket.id, email: wrong.email });
    expect(byPrimary.json()).toEqual({ ticket_id: ticket.id, user_id: wrong.id });
  });

  it("keeps a text ticket's number: as the phone when the customer has none, else in a comment", async () => {
    const noPhone = await createCustomer(t.database.db, { phoneNumber: null });
    const textTicket = await createTicket(t.database.db, { channel: 'text', contact: '5035550177' });
    expect((await link({ ticket_id: textTicket.id, user_id: noPhone.id })).statusCode).toBe(200);
    expect((await t.database.db.select().from(customers).where(eq(customers.id, noPhone.id)))[0]?.phoneNumber).toBe(
      '5035550177',
    );

    const hasPhone = await createCustomer(t.database.db, { phoneNumber: '5035550178' });
    const otherNumber = await createTicket(t.database.db, { channel: 'text', contact: '5035550179' });
    expect((await link({ ticket_id: otherNumber.id, user_id: hasPhone.id })).statusCode).toBe(200);
    const comments = await customerCommentsOf(t.database.db, hasPhone.id);
    expect(comments.map((comment) => comment.body)).toEqual([
      `Texted us from 5035550179 (ticket ${otherNumber.id}), which is not the phone number on file.`,
    ]);
  });

  it('answers 404 for an unknown customer, email or ticket, 400 without a customer, and writes nothing', async () => {
    const customer = await createCustomer(t.database.db);
    const ticket = await createTicket(t.database.db, { channel: 'email', contact: 'nobody@example.com' });
    const before = await countWrites(t.database.db);

    const noCustomer = await link({ ticket_id: ticket.id, user_id: 99_999_999 });
    expect(noCustomer.statusCode).toBe(404);
    expect(noCustomer.json()).toEqual({ errors: ['Customer 99999999 was not found.'] });
    const noEmail = await link({ ticket_id: ticket.id, email: 'unknown@example.com' });
    expect(noEmail.statusCode).toBe(404);
    expect(noEmail.json()).toEqual({ errors: ['No customer has the email unknown@example.com.'] });
    expect((await link({ ticket_id: 99_999_999, user_id: customer.id })).statusCode).toBe(404);
    const neither = await link({ ticket_id: ticket.id });
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toEqual({ errors: ['Give the customer ID or email to link the ticket to.'] });
    expect(await countWrites(t.database.db)).toEqual(before);
    expect((await ticketRow(ticket.id)).customerId).toBeNull();
  });
});
