import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages, tickets } from '@portal/db';
import { createCustomer, createTicket } from '@portal/db/testing';
import { auditEventsOfEntity } from '../../testing/audit-events.ts';
import { expectErrors } from '../../testing/error-answers.ts';
import { createRecordingMailer, type RecordingMailer } from '../../testing/recording-senders.ts';
import { createSignedInStaff, type SignedInStaff } from '../../testing/staff-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { getTicket, postJson, snapshotTicketWrites } from '../../testing/ticket-helpers.ts';

// Undo send (issue 40, decision 065): a reply waits 10 s in the outbox; until then its agent takes it
// back, and the customer gets nothing. What the provider got, the rows, and that every refusal
// writes nothing.

let t: TestApp;
let mailer: RecordingMailer;
let agent: SignedInStaff;
let colleague: SignedInStaff;

beforeAll(async () => {
  mailer = createRecordingMailer();
  t = await createTestApp({ mailer, undoSendSeconds: 10 });
  agent = await createSignedInStaff(t.app, t.database.db, { name: 'Alex Agent' });
  colleague = await createSignedInStaff(t.app, t.database.db, { name: 'Casey Colleague' });
});
afterAll(() => t.close());

const rowOf = async (id: number) => (await t.database.db.select().from(messages).where(eq(messages.id, id)))[0]!;
const ticketRow = async (id: number) => (await t.database.db.select().from(tickets).where(eq(tickets.id, id)))[0]!;

async function sendReply(reply = 'Your payment is moved to Friday.') {
  const customer = await createCustomer(t.database.db);
  const ticket = await createTicket(t.database.db, {
    customerId: customer.id,
    channel: 'email',
    contact: customer.email,
    subject: 'My payment',
    thread: ['Can I move my payment?'],
  });
  await getTicket(t.app, agent, ticket.id);
  const response = await postJson(t.app, agent, 'send_reply', { id: ticket.id, reply });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ message: { id: number }; undo_until: string | null }>();
  return { ticket, customer, messageId: body.message.id, undoUntil: body.undo_until };
}

describe('POST undo_send', () => {
  it('keeps the reply in the outbox for the window, and undoing it sends nothing and gives the ticket back', async () => {
    const sentAt = t.clock.now();
    const { ticket, customer, messageId, undoUntil } = await sendReply();
    expect(undoUntil).toBe(new Date(sentAt.getTime() + 10_000).toISOString());
    expect((await rowOf(messageId)).nextAttemptAt).toEqual(new Date(undoUntil!));
    expect((await ticketRow(ticket.id)).state).toBe('closed');

    // Five seconds on, the outbox has nothing due for this customer.
    t.clock.advance(5_000);
    await t.app.outbox.deliverDue();
    expect(mailer.sent.filter((mail) => mail.to === customer.email)).toEqual([]);

    const undone = await postJson(t.app, agent, 'undo_send', { message_id: messageId });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({
      ticket_id: ticket.id,
      message_id: messageId,
      reply: 'Your payment is moved to Friday.',
    });

    const message = await rowOf(messageId);
    expect(message).toMatchObject({
      status: 'undelivered',
      error: 'Undone by Alex Agent before it was sent.',
      nextAttemptAt: null,
      attempts: 0,
    });
    const reopened = await ticketRow(ticket.id);
    expect(reopened).toMatchObject({ state: 'open', closedAt: null, closedBy: null, assignedTo: agent.id });
    const [question] = await t.database.db
      .select()
      .from(messages)
      .where(eq(messages.ticketId, ticket.id))
      .orderBy(messages.id);
    expect(question).toMatchObject({ inbound: true, processed: false, answeredBy: null });
    expect(await auditEventsOfEntity(t.database.db, 'ticket', ticket.id)).toContainEqual(
      expect.objectContaining({ action: 'ticket.reply_undone', employeeId: agent.id }),
    );

    // Long after the window, still nothing went out.
    t.clock.advance(60_000);
    await t.app.outbox.deliverDue();
    expect(mailer.sent.filter((mail) => mail.to === customer.email)).toEqual([]);
  });

  it('delivers the reply once the window is over, and the door judges it then', async () => {
    const { customer, messageId } = await sendReply('Thanks, all set.');
    t.clock.advance(10_000);
    await t.app.outbox.deliverDue();
    expect(mailer.sent.filter((mail) => mail.to === customer.email)).toHaveLength(1);
    expect((await rowOf(messageId)).status).toBe('sent');
    expect((await rowOf(messageId)).doorPassedAt).not.toBeNull();
    const late = await postJson(t.app, agent, 'undo_send', { message_id: messageId });
    expectErrors(late, 409, ['Too late to undo: the reply has been sent.']);
  });

  it('refuses after the window, for another agent, twice, or a message that is not a reply, writing nothing', async () => {
    const { messageId, ticket } = await sendReply('One more thing.');
    const writes = await snapshotTicketWrites(t.database.db);

    const theirs = await postJson(t.app, colleague, 'undo_send', { message_id: messageId });
    expectErrors(theirs, 403, ['Only the agent who sent a reply can undo it.']);
    const unknown = await postJson(t.app, agent, 'undo_send', { message_id: 987_654_321 });
    expectErrors(unknown, 404, ['There is no reply 987654321 to undo.']);
    const [question] = await t.database.db
      .select()
      .from(messages)
      .where(eq(messages.ticketId, ticket.id))
      .orderBy(messages.id);
    const inbound = await postJson(t.app, agent, 'undo_send', { message_id: question!.id });
    expectErrors(inbound, 404, [`There is no reply ${question!.id} to undo.`]);
    const bad = await postJson(t.app, agent, 'undo_send', { message_id: 'x' });
    expect(bad.statusCode).toBe(400);

    t.clock.advance(10_000);
    const late = await postJson(t.app, agent, 'undo_send', { message_id: messageId });
    expectErrors(late, 409, ['Too late to undo: a reply can be undone for 10 seconds after Send.']);
    expect(await snapshotTicketWrites(t.database.db)).toEqual(writes);
    expect((await rowOf(messageId)).status).toBe('queued');

    const again = await sendReply('Twice?');
    expect((await postJson(t.app, agent, 'undo_send', { message_id: again.messageId })).statusCode).toBe(200);
    const second = await postJson(t.app, agent, 'undo_send', { message_id: again.messageId });
    expectErrors(second, 409, ['This reply was already undone or could not be delivered; there is nothing to undo.']);
  });

  it('loses the race cleanly: once the outbox has claimed the reply, it cannot be undone', async () => {
    const { messageId } = await sendReply('Racing.');
    // The outbox's claim counts the attempt under the message's lock.
    await t.database.db.update(messages).set({ attempts: 1 }).where(eq(messages.id, messageId));
    const late = await postJson(t.app, agent, 'undo_send', { message_id: messageId });
    expectErrors(late, 409, ['Too late to undo: the reply is being sent.']);
  });
});
