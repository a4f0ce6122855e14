import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { messages, slaOutcomes, tickets } from '@portal/db';
import { createTicket } from '@portal/db/testing';
import { useSignedInStaff, useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { closeTicket, getTicket, getTickets, patchTicket, postJson } from '../../testing/ticket-helpers.ts';
import { ticketQueue } from './ticket-queue.ts';

// Reply-time clocks (SLA, issue 40, decision 066), on the default hours: Mon-Fri 08:00-17:00 in
// America/Los_Angeles (PST, UTC-8 in December). Email: first reply 60, next 120 business minutes;
// text: 15 and 30. Tuesday 2026-12-01 10:00 PST is 18:00 UTC.

const t = useTestApp({
  undoSendSeconds: 10,
  slaTargets: { email: { first_reply: 60, next_reply: 120 }, text: { first_reply: 15, next_reply: 30 } },
});
const TUESDAY_10 = new Date('2026-12-01T18:00:00Z');
// Signed in on the day the tests run (sessions end with time).
beforeAll(() => t.clock.set(TUESDAY_10));
const agent = useSignedInStaff(t, { name: 'Alex Agent' });
const colleague = useSignedInStaff(t, { name: 'Casey Colleague' });
const analyst = useStaffSession(t);

const MINUTE_MS = 60_000;
let contacts = 0;
// The address an employee answered on Tuesday (the next-reply test), for the test a week on.
let answeredContact = '';

// A customer's email (or text) arriving now, on a ticket of its own.
async function customerWrites(channel: 'email' | 'text' = 'email') {
  contacts += 1;
  return createTicket(t.database.db, {
    channel,
    contact: channel === 'email' ? `waiting${contacts}@example.com` : `55501${String(contacts).padStart(5, '0')}`,
    createdAt: t.clock.now(),
  });
}

// Another message of the customer on the ticket, now.
const writesAgain = (ticketId: number, channel: 'email' | 'text' = 'email') =>
  t.database.db.insert(messages).values({
    ticketId,
    type: channel,
    inbound: true,
    body: 'Any news?',
    status: 'received',
    createdAt: t.clock.now(),
  });

const clockOf = async (id: number) => (await getTicket(t.app, colleague, id, true)).json().sla;
// Days later, when the sessions have ended: the clock's columns.
const storedClock = async (id: number) =>
  (
    await t.database.db
      .select({ target: tickets.slaTarget, dueAt: tickets.slaDueAt })
      .from(tickets)
      .where(eq(tickets.id, id))
  )[0];
const outcomesOf = (id: number) =>
  t.database.db.select().from(slaOutcomes).where(eq(slaOutcomes.ticketId, id)).orderBy(asc(slaOutcomes.id));
const reply = async (staff: typeof agent, id: number) => {
  await getTicket(t.app, staff, id);
  const response = await postJson(t.app, staff, 'send_reply', { id, reply: 'We have moved your payment.' });
  expect(response.statusCode).toBe(200);
  return response.json() as { message: { id: number } };
};
const minutesLater = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE_MS).toISOString();

describe('the reply-time clock', () => {
  it("starts at the customer's first message, due in business minutes, and a reply in time ends it as met", async () => {
    t.clock.set(TUESDAY_10);
    const ticket = await customerWrites();
    expect(await clockOf(ticket.id)).toEqual({
      target: 'first_reply',
      started_at: TUESDAY_10.toISOString(),
      due_at: '2026-12-01T19:00:00.000Z',
      paused: false,
      target_minutes: 60,
      used_seconds: 0,
    });
    t.clock.advance(40 * MINUTE_MS);
    await reply(agent, ticket.id);
    expect(await clockOf(ticket.id)).toBeNull();
    expect(await outcomesOf(ticket.id)).toMatchObject([
      { target: 'first_reply', endedBy: 'reply', employeeId: agent.id, businessSeconds: 2400, met: true },
    ]);
  });

  it("a customer's answer within 7 days of a reply runs against the next-reply target", async () => {
    t.clock.set(TUESDAY_10);
    const first = await customerWrites();
    answeredContact = first.contact;
    t.clock.advance(10 * MINUTE_MS);
    await reply(agent, first.id);
    t.clock.advance(30 * MINUTE_MS);
    // The reply closed the ticket, so the customer's answer opens another on the same address.
    const answer = await createTicket(t.database.db, {
      channel: 'email',
      contact: first.contact,
      createdAt: t.clock.now(),
    });
    expect(await clockOf(answer.id)).toMatchObject({
      target: 'next_reply',
      due_at: '2026-12-01T20:40:00.000Z',
      target_minutes: 120,
    });
    await closeTicket(t.app, agent, answer.id);
  });

  it('a late reply is a miss, and closing without a reply ends the clock against who closed it', async () => {
    t.clock.set(TUESDAY_10);
    const late = await customerWrites();
    t.clock.advance(90 * MINUTE_MS);
    expect(await clockOf(late.id)).toMatchObject({ due_at: '2026-12-01T19:00:00.000Z', paused: false });
    await reply(colleague, late.id);
    expect(await outcomesOf(late.id)).toMatchObject([
      { employeeId: colleague.id, endedBy: 'reply', businessSeconds: 5400, targetSeconds: 3600, met: false },
    ]);

    const closed = await customerWrites();
    t.clock.advance(5 * MINUTE_MS);
    expect((await closeTicket(t.app, agent, closed.id)).statusCode).toBe(200);
    expect(await outcomesOf(closed.id)).toMatchObject([
      { employeeId: agent.id, endedBy: 'close', messageId: null, businessSeconds: 300, met: true },
    ]);
    expect((await t.database.db.select().from(tickets).where(eq(tickets.id, closed.id)))[0]).toMatchObject({
      slaTarget: null,
      slaDueAt: null,
    });
  });

  it('pauses while snoozed until the customer replies, and goes on from where it stood', async () => {
    t.clock.set(TUESDAY_10);
    const ticket = await customerWrites();
    t.clock.advance(20 * MINUTE_MS);
    expect(
      (await patchTicket(t.app, agent, 'snooze_ticket', { id: ticket.id, until: 'customer_replies' })).statusCode,
    ).toBe(200);
    expect(await clockOf(ticket.id)).toMatchObject({ paused: true, due_at: null, used_seconds: 1200 });
    t.clock.advance(3 * 60 * MINUTE_MS);
    expect((await patchTicket(t.app, agent, 'unsnooze_ticket', { id: ticket.id })).statusCode).toBe(200);
    // 13:20 with 40 business minutes left.
    expect(await clockOf(ticket.id)).toMatchObject({ paused: false, due_at: minutesLater(40), used_seconds: 1200 });

    // Snoozed until a time, the customer still waits on us: the clock runs.
    expect(
      (await patchTicket(t.app, agent, 'snooze_ticket', { id: ticket.id, until: minutesLater(60) })).statusCode,
    ).toBe(200);
    expect(await clockOf(ticket.id)).toMatchObject({ paused: false, due_at: minutesLater(40) });
    await closeTicket(t.app, agent, ticket.id);
  });

  it("a customer's further message keeps the clock already running", async () => {
    t.clock.set(TUESDAY_10);
    const ticket = await customerWrites();
    t.clock.advance(30 * MINUTE_MS);
    await writesAgain(ticket.id);
    expect(await clockOf(ticket.id)).toMatchObject({
      started_at: TUESDAY_10.toISOString(),
      due_at: '2026-12-01T19:00:00.000Z',
    });
    await closeTicket(t.app, agent, ticket.id);
  });

  it('an undone reply puts the clock back as it stood, and takes its outcome away', async () => {
    t.clock.set(TUESDAY_10);
    const ticket = await customerWrites();
    t.clock.advance(10 * MINUTE_MS);
    const sent = await reply(agent, ticket.id);
    expect(await outcomesOf(ticket.id)).toHaveLength(1);
    t.clock.advance(5_000);
    const undone = await postJson(t.app, agent, 'undo_send', { message_id: sent.message.id });
    expect(undone.statusCode).toBe(200);
    expect(await outcomesOf(ticket.id)).toEqual([]);
    expect(await clockOf(ticket.id)).toMatchObject({
      target: 'first_reply',
      started_at: TUESDAY_10.toISOString(),
      due_at: '2026-12-01T19:00:00.000Z',
      paused: false,
    });
    await closeTicket(t.app, agent, ticket.id);
  });
});

describe('the queue by time to breach', () => {
  it('hands out the ticket due first, whatever its age, and a ticket with no clock last', async () => {
    t.clock.set(TUESDAY_10);
    const quiet = await createTicket(t.database.db, { thread: [], createdAt: t.clock.now() });
    t.clock.advance(MINUTE_MS);
    const email = await customerWrites('email');
    t.clock.advance(MINUTE_MS);
    const text = await customerWrites('text');
    const handed = (await getTickets(t.app, agent, 3)).json().openTickets as Array<{ id: number; sla: unknown }>;
    expect(handed.map((summary) => summary.id)).toEqual([text.id, email.id, quiet.id]);
    expect(handed[0]?.sla).toMatchObject({
      target: 'first_reply',
      due_at: '2026-12-01T18:17:00.000Z',
      target_minutes: 15,
    });
    expect(handed[2]?.sla).toBeNull();
    for (const ticket of [quiet, email, text]) await closeTicket(t.app, agent, ticket.id);
  });

  it('reads the partial index tickets_queue_idx in its order', async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(
        sql`explain select ${tickets.id} from ${tickets} where ${ticketQueue.inQueue} order by ${ticketQueue.order} limit 5`,
      );
    });
    const text = JSON.stringify(plan);
    expect(text).toContain('tickets_queue_idx');
    expect(text).not.toContain('Sort');
  });
});

describe('the share met per employee', () => {
  it('counts the clocks each employee ended in the range and how many in time', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/internal/api/employee_ticket_analytics',
      query: { start_date: '2026-12-01', end_date: '2026-12-01', employees: `${agent.id},${colleague.id}` },
      headers: analyst.headers,
    });
    expect(response.statusCode).toBe(200);
    const rows = response.json().data as Array<{ employee_id: number; sla_met: number; sla_total: number }>;
    const byId = new Map(rows.map((row) => [row.employee_id, row]));
    // Alex: the first reply in time, the close in time, the reply before the next-reply answer; the
    // closes of the paused, running and queue tickets. Casey: the late reply.
    expect(byId.get(colleague.id)).toMatchObject({ sla_met: 0, sla_total: 1 });
    expect(byId.get(agent.id)?.sla_total).toBeGreaterThanOrEqual(3);
    expect(byId.get(agent.id)?.sla_met).toBe(byId.get(agent.id)?.sla_total);
  });
});

// Last: the clock moves on by days, past the sessions.
describe('the reply-time clock days later', () => {
  it('counts business hours only: an email at 16:30 on Friday is due at 08:30 on Monday', async () => {
    t.clock.set(new Date('2026-12-05T00:30:00Z'));
    const ticket = await customerWrites();
    expect((await storedClock(ticket.id))?.dueAt?.toISOString()).toBe('2026-12-07T16:30:00.000Z');
  });

  it('a question more than 7 days after the last reply is a first reply again', async () => {
    t.clock.set(new Date('2026-12-09T18:00:00Z'));
    const again = await createTicket(t.database.db, {
      channel: 'email',
      contact: answeredContact,
      createdAt: t.clock.now(),
    });
    expect((await storedClock(again.id))?.target).toBe('first_reply');
  });
});
