import { describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { auditEvents, tickets } from '@portal/db';
import { createTicket } from '@portal/db/testing';
import { useSignedInStaff, useTestApp } from '../../testing/use-test-app.ts';
import { getTicket, getTickets, patchTicket, snapshotTicketWrites } from '../../testing/ticket-helpers.ts';
import { expectErrors } from '../../testing/error-answers.ts';
import { postEmail, rawEmail } from '../../testing/inbound-requests.ts';
import { ticketQueue } from './ticket-queue.ts';

// Snooze (issue 40, decision 064): out of the queue until a time or the customer's reply, then back
// with the "Back from snooze" marker.

const secret = 'relay-secret-for-snooze';
const t = useTestApp({ inboundEmailSecret: secret });
const agent = useSignedInStaff(t, { name: 'Alex Agent' });
const colleague = useSignedInStaff(t, { name: 'Casey Colleague' });

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
const stored = async (id: number) => (await t.database.db.select().from(tickets).where(eq(tickets.id, id)))[0];
const audits = async (id: number) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, 'ticket'), eq(auditEvents.entityId, String(id))))
    .orderBy(desc(auditEvents.id));
const openIds = async (staff: typeof agent) =>
  (await getTickets(t.app, staff, 50)).json().openTickets.map((summary: { id: number }) => summary.id) as number[];
const queueTotal = async () => (await getTickets(t.app, colleague, 50)).json().totalTicketCount as number;
const snooze = (staff: typeof agent, id: number | string, until: string) =>
  patchTicket(t.app, staff, 'snooze_ticket', { id, until });

describe('PATCH snooze_ticket until a time', () => {
  it('takes the ticket out of the queue, hands back its lease, and brings it back when due, marked', async () => {
    const ticket = await createTicket(t.database.db);
    await getTicket(t.app, agent, ticket.id);
    const totalBefore = await queueTotal();
    const until = at(2 * HOUR_MS);
    const now = t.clock.now().toISOString();

    const response = await snooze(agent, ticket.id, until);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: ticket.id,
      state: 'open',
      archived: null,
      escalated: null,
      snooze: { until, until_reply: false, by: 'Alex Agent', returned_at: null, reason: null },
    });
    const row = await stored(ticket.id);
    expect(row).toMatchObject({ snoozedBy: agent.id, assignedTo: null, leaseExpiresAt: null, snoozeEndedAt: null });
    expect(row?.snoozedAt?.toISOString()).toBe(now);
    expect(row?.snoozedUntil?.toISOString()).toBe(until);
    expect((await audits(ticket.id))[0]).toMatchObject({
      action: 'ticket.snoozed',
      employeeId: agent.id,
      before: { snoozedAt: null, assignedTo: agent.id },
      after: { snoozedAt: now, snoozedUntil: until, snoozedBy: agent.id, assignedTo: null },
    });
    expect(await openIds(agent)).not.toContain(ticket.id);
    expect(await openIds(colleague)).not.toContain(ticket.id);
    expect(await queueTotal()).toBe(totalBefore - 1);
    const preview = (await getTicket(t.app, colleague, ticket.id, true)).json();
    expect(preview.snooze).toMatchObject({ until, returned_at: null });

    // Not yet due: still away.
    t.clock.advance(HOUR_MS);
    expect(await openIds(colleague)).not.toContain(ticket.id);

    t.clock.advance(HOUR_MS);
    const returnedAt = t.clock.now().toISOString();
    const lists = (await getTickets(t.app, colleague, 50)).json();
    expect(lists.totalTicketCount).toBe(totalBefore);
    const back = lists.openTickets.find((summary: { id: number }) => summary.id === ticket.id);
    expect(back.snooze).toEqual({
      until,
      until_reply: false,
      by: 'Alex Agent',
      returned_at: returnedAt,
      reason: 'time',
    });
    expect(await stored(ticket.id)).toMatchObject({ snoozedAt: null, snoozeEndReason: 'time' });
    expect((await audits(ticket.id))[0]).toMatchObject({
      action: 'ticket.snooze_ended',
      employeeId: null,
      before: { snoozedUntil: until },
      after: { snoozedAt: null, reason: 'time' },
    });
    const detail = (await getTicket(t.app, colleague, ticket.id)).json();
    expect(detail.snooze).toMatchObject({ returned_at: returnedAt, reason: 'time' });
  });

  it('unsnoozes by hand, once', async () => {
    const ticket = await createTicket(t.database.db);
    expect((await snooze(agent, ticket.id, at(DAY_MS))).statusCode).toBe(200);
    const twice = await snooze(agent, ticket.id, at(DAY_MS));
    expectErrors(twice, 409, [`Ticket ${ticket.id} is already snoozed; unsnooze it first.`]);

    const back = await patchTicket(t.app, agent, 'unsnooze_ticket', { id: ticket.id });
    expect(back.statusCode).toBe(200);
    expect(back.json().snooze).toMatchObject({
      returned_at: t.clock.now().toISOString(),
      reason: 'unsnoozed',
      by: 'Alex Agent',
    });
    expect((await audits(ticket.id))[0]).toMatchObject({ action: 'ticket.unsnoozed', employeeId: agent.id });
    expect(await openIds(colleague)).toContain(ticket.id);
    const again = await patchTicket(t.app, colleague, 'unsnooze_ticket', { id: ticket.id });
    expectErrors(again, 409, [`Ticket ${ticket.id} is not snoozed.`]);
    await patchTicket(t.app, colleague, 'archive_ticket', { id: ticket.id });
  });

  it('refuses a past time, one too far, a bad or unknown id, a closed ticket and one another works, writing nothing', async () => {
    const ticket = await createTicket(t.database.db);
    const closed = await createTicket(t.database.db, { state: 'closed' });
    const held = await createTicket(t.database.db);
    await getTicket(t.app, colleague, held.id);
    const before = await snapshotTicketWrites(t.database.db);

    expectErrors(await snooze(agent, ticket.id, at(-60_000)), 400, ['Pick a snooze time in the future.']);
    expectErrors(await snooze(agent, ticket.id, t.clock.now().toISOString()), 400, [
      'Pick a snooze time in the future.',
    ]);
    expectErrors(await snooze(agent, ticket.id, at(31 * DAY_MS)), 400, [
      'A ticket can be snoozed for at most 30 days.',
    ]);
    expect((await snooze(agent, ticket.id, 'tomorrow')).statusCode).toBe(400);
    expect((await snooze(agent, 'abc', at(HOUR_MS))).statusCode).toBe(400);
    expect((await patchTicket(t.app, agent, 'snooze_ticket', { id: ticket.id })).statusCode).toBe(400);
    expectErrors(await snooze(agent, 99999, at(HOUR_MS)), 404, ['Ticket 99999 was not found.']);
    expectErrors(await snooze(agent, closed.id, at(HOUR_MS)), 409, [
      `Ticket ${closed.id} is closed, so it cannot be snoozed.`,
    ]);
    expectErrors(await snooze(agent, held.id, 'customer_replies'), 409, [
      `Ticket ${held.id} is being worked by Casey Colleague.`,
    ]);
    expectErrors(await patchTicket(t.app, agent, 'unsnooze_ticket', { id: held.id }), 409, [
      `Ticket ${held.id} is being worked by Casey Colleague.`,
    ]);
    expect(await snapshotTicketWrites(t.database.db)).toEqual(before);
    await patchTicket(t.app, colleague, 'archive_ticket', { id: held.id });
    await patchTicket(t.app, colleague, 'archive_ticket', { id: ticket.id });
  });

  it('takes up to 30 days, and closing ends the snooze', async () => {
    const ticket = await createTicket(t.database.db);
    expect((await snooze(agent, ticket.id, at(30 * DAY_MS))).statusCode).toBe(200);
    const closed = await t.app.inject({
      method: 'DELETE',
      url: '/internal/api/ticket',
      headers: agent.headers,
      query: { id: String(ticket.id) },
    });
    expect(closed.statusCode).toBe(200);
    expect(await stored(ticket.id)).toMatchObject({ state: 'closed', snoozedAt: null });
  });
});

describe('PATCH snooze_ticket until the customer replies', () => {
  it('keeps the ticket away, the sweep passing it over, and brings it back when the customer writes', async () => {
    const ticket = await createTicket(t.database.db, {
      channel: 'email',
      contact: 'snoozer@example.com',
      subject: 'My payment',
    });
    const response = await snooze(agent, ticket.id, 'customer_replies');
    expect(response.statusCode).toBe(200);
    expect(response.json().snooze).toMatchObject({ until: null, until_reply: true, returned_at: null });
    expect((await stored(ticket.id))?.snoozedUntil).toBeNull();

    // No time brings it back: the sweep passes it over.
    expect(await openIds(colleague)).not.toContain(ticket.id);

    const raw = rawEmail({
      from: 'snoozer@example.com',
      subject: 'Re: My payment',
      messageId: '<snooze-reply-1@example.com>',
      text: 'Any news?',
    });
    expect((await postEmail(t.app, raw, secret)).statusCode).toBe(200);
    const row = await stored(ticket.id);
    expect(row).toMatchObject({ snoozedAt: null, snoozeEndReason: 'customer_replied' });
    expect(row?.snoozeEndedAt?.toISOString()).toBe(t.clock.now().toISOString());
    expect((await audits(ticket.id)).map((event) => event.action)).toContain('ticket.snooze_ended');
    const back = (await getTickets(t.app, colleague, 50))
      .json()
      .openTickets.find((summary: { id: number }) => summary.id === ticket.id);
    expect(back.snooze).toMatchObject({
      until_reply: true,
      returned_at: t.clock.now().toISOString(),
      reason: 'customer_replied',
    });
  });
});

describe('the queue with snoozed tickets', () => {
  it('still reads the partial index tickets_queue_idx', async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(
        sql`explain select ${tickets.id} from ${tickets} where ${ticketQueue.inQueue} order by ${tickets.createdAt} limit 5`,
      );
    });
    expect(JSON.stringify(plan)).toContain('tickets_queue_idx');
  });
});
