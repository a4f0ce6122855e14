import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { messages, tickets } from '@portal/db';
import { createCustomer, createLoan, createTicket } from '@portal/db/testing';
import { postSms, twilioSmsParams } from '../../testing/inbound-requests.ts';
import { signInAsStaff, type StaffSession } from '../../testing/staff-session.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// One conversation, one open ticket, archived or not: what staff send to the customer and what the
// customer sends back thread into the same ticket. Archiving only takes it out of the queue.

const authToken = 'twilio-test-auth-token';
const publicUrl = 'https://portal.example';
const ARCHIVED_AT = new Date('2026-11-20T18:00:00Z');

let t: TestApp;
let staff: StaffSession;
beforeAll(async () => {
  t = await createTestApp({ twilio: { accountSid: null, authToken, fromNumber: null }, publicUrl });
  staff = await signInAsStaff(t.app, t.database.db);
});
afterAll(() => t.close());

const post = (path: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/internal/api/${path}`, headers: staff.headers, payload });
const stored = async (id: number) => (await t.database.db.select().from(tickets).where(eq(tickets.id, id)))[0]!;

async function customerWithArchivedTextTicket(phoneNumber: string) {
  const customer = await createCustomer(t.database.db, { phoneNumber });
  const ticket = await createTicket(t.database.db, {
    customerId: customer.id,
    contact: phoneNumber,
    thread: ['About my loan'],
    archivedAt: ARCHIVED_AT,
  });
  return { customer, ticket };
}

describe("the customer's open ticket on a channel", () => {
  it('takes a message staff start in the existing thread, though archived, and leaves it archived', async () => {
    const { customer, ticket } = await customerWithArchivedTextTicket('5035550181');
    const sent = await post('users/originate_message', {
      user_id: customer.id,
      message_type: 'text',
      message: 'Your payment went through.',
      thread: 'existing',
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ ticket_id: ticket.id });
    expect(await stored(ticket.id)).toMatchObject({ state: 'open', archivedAt: ARCHIVED_AT });
  });

  it("takes the loans module's messages, and the customer's answer lands beside them", async () => {
    const { customer, ticket } = await customerWithArchivedTextTicket('5035550182');
    const { loan } = await createLoan(t.database.db, { customerId: customer.id, state: 'approved' });
    expect((await post('users/resend_approval_text', { loan_id: loan.id })).statusCode).toBe(200);
    const [approval] = await t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.customerId, customer.id), eq(messages.inbound, false)));
    expect(approval).toMatchObject({ ticketId: ticket.id, employeeId: staff.employeeId });

    const params = twilioSmsParams({ from: '+15035550182', body: 'Yes, I accept', sid: `SM${'8'.repeat(32)}` });
    expect((await postSms(t.app, params, { authToken, publicUrl })).statusCode).toBe(200);
    const [reply] = await t.database.db.select().from(messages).where(eq(messages.externalId, params.MessageSid!));
    expect(reply?.ticketId).toBe(ticket.id);
    expect(await stored(ticket.id)).toMatchObject({ state: 'open', archivedAt: null });
  });
});
