import { permissionRefusal } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditEvents, tickets } from '@portal/db';
import { createTicket } from '@portal/db/testing';
import { callAsStaff } from '../../testing/staff-helpers.ts';
import { useSignedInStaff, useTestApp } from '../../testing/use-test-app.ts';
import { closeTicket, getTicket, getTickets, patchTicket, snapshotTicketWrites } from '../../testing/ticket-helpers.ts';
import { expectErrors } from '../../testing/error-answers.ts';

const t = useTestApp();
const agent = useSignedInStaff(t, { name: 'Alex Agent' });
const colleague = useSignedInStaff(t, { name: 'Casey Colleague' });
const supervisor = useSignedInStaff(t, {
  roles: ['agent', 'escalations'],
  name: 'Sam Supervisor',
});

const stored = async (id: number) => (await t.database.db.select().from(tickets).where(eq(tickets.id, id)))[0];
const lastAudit = async (id: number) =>
  (
    await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'ticket'), eq(auditEvents.entityId, String(id))))
      .orderBy(desc(auditEvents.id))
      .limit(1)
  )[0];

describe('DELETE ticket', () => {
  it('closes the ticket, hands back the lease and records before and after', async () => {
    const ticket = await createTicket(t.database.db);
    await getTicket(t.app, agent, ticket.id);
    const response = await closeTicket(t.app, agent, ticket.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: ticket.id, state: 'closed', archived: null, escalated: null });
    const row = await stored(ticket.id);
    expect(row).toMatchObject({ state: 'closed', closedBy: agent.id, assignedTo: null, leaseExpiresAt: null });
    expect(row?.closedAt?.toISOString()).toBe(t.clock.now().toISOString());
    const audit = await lastAudit(ticket.id);
    expect(audit).toMatchObject({
      action: 'ticket.closed',
      employeeId: agent.id,
      before: { state: 'open', assignedTo: agent.id },
      after: { state: 'closed', assignedTo: null, closedBy: agent.id },
    });
    expect((await getTickets(t.app, agent)).json().closedTickets).toContain(ticket.id);
  });

  it('takes the id from a JSON body as well', async () => {
    const ticket = await createTicket(t.database.db);
    const response = await callAsStaff(t.app, agent, 'DELETE', 'ticket', { id: ticket.id });
    expect(response.statusCode).toBe(200);
    expect((await stored(ticket.id))?.state).toBe('closed');
  });

  it('refuses a ticket already closed, one someone else works, and an unknown one, writing nothing', async () => {
    const closed = await createTicket(t.database.db, { state: 'closed' });
    const held = await createTicket(t.database.db);
    await getTicket(t.app, colleague, held.id);
    const before = await snapshotTicketWrites(t.database.db);

    const again = await closeTicket(t.app, agent, closed.id);
    expectErrors(again, 409, [`Ticket ${closed.id} is already closed.`]);
    const busy = await closeTicket(t.app, agent, held.id);
    expectErrors(busy, 409, [`Ticket ${held.id} is being worked by Casey Colleague.`]);
    const missing = await closeTicket(t.app, agent, 99999);
    expectErrors(missing, 404, ['Ticket 99999 was not found.']);
    expect(await snapshotTicketWrites(t.database.db)).toEqual(before);
  });

  it('answers 400 without an id or with one that is not a number, writing nothing', async () => {
    await createTicket(t.database.db);
    const before = await snapshotTicketWrites(t.database.db);
    const missing = await t.app.inject({ method: 'DELETE', url: '/internal/api/ticket', headers: agent.headers });
    expectErrors(missing, 400, ['An id must be a number.']);
    expect((await closeTicket(t.app, agent, 'abc')).statusCode).toBe(400);
    expect((await closeTicket(t.app, agent, '-3')).json()).toEqual({ errors: ['An id must be positive.'] });
    expect(await snapshotTicketWrites(t.database.db)).toEqual(before);
  });
});

describe('PATCH archive_ticket and unarchive_ticket', () => {
  it('archives (out of the queue, lease handed back) and unarchives, once each', async () => {
    const ticket = await createTicket(t.database.db);
    await getTicket(t.app, agent, ticket.id);
    const archived = await patchTicket(t.app, agent, 'archive_ticket', { id: ticket.id });
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toEqual({
      id: ticket.id,
      state: 'open',
      archived: t.clock.now().toISOString(),
      escalated: null,
    });
    expect(await stored(ticket.id)).toMatchObject({ assignedTo: null, leaseExpiresAt: null });
    expect((await lastAudit(ticket.id))?.action).toBe('ticket.archived');
    const lists = (await getTickets(t.app, colleague)).json();
    expect(lists.archivedTickets.map((summary: { id: number }) => summary.id)).toContain(ticket.id);
    expect(lists.openTickets.map((summary: { id: number }) => summary.id)).not.toContain(ticket.id);

    const twice = await patchTicket(t.app, agent, 'archive_ticket', { id: ticket.id });
    expectErrors(twice, 409, [`Ticket ${ticket.id} is already archived.`]);

    const back = await patchTicket(t.app, agent, 'unarchive_ticket', { id: ticket.id });
    expect(back.json()).toEqual({ id: ticket.id, state: 'open', archived: null, escalated: null });
    expect(await lastAudit(ticket.id)).toMatchObject({
      action: 'ticket.unarchived',
      before: { archivedAt: t.clock.now().toISOString() },
      after: { archivedAt: null },
    });
    const notArchived = await patchTicket(t.app, agent, 'unarchive_ticket', { id: ticket.id });
    expectErrors(notArchived, 409, [`Ticket ${ticket.id} is not archived.`]);
  });

  it('will not archive or escalate a closed ticket', async () => {
    const ticket = await createTicket(t.database.db, { state: 'closed' });
    const before = await snapshotTicketWrites(t.database.db);
    const archive = await patchTicket(t.app, agent, 'archive_ticket', { id: ticket.id });
    expectErrors(archive, 409, [`Ticket ${ticket.id} is closed, so it cannot be archived.`]);
    const escalate = await patchTicket(t.app, agent, 'escalate_ticket', { id: ticket.id });
    expect(escalate.json()).toEqual({ errors: [`Ticket ${ticket.id} is closed, so it cannot be escalated.`] });
    expect(await snapshotTicketWrites(t.database.db)).toEqual(before);
  });

  it('answers 400 for a body without a numeric id, writing nothing', async () => {
    const before = await snapshotTicketWrites(t.database.db);
    for (const payload of [{}, { id: 'abc' }, { id: 1.5 }]) {
      const response = await patchTicket(t.app, agent, 'archive_ticket', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.length).toBeGreaterThan(0);
    }
    expect(await snapshotTicketWrites(t.database.db)).toEqual(before);
  });
});

describe('PATCH escalate_ticket and deescalate_ticket', () => {
  it('escalates (recording who), shows it only to escalation staff, and lets only them de-escalate', async () => {
    const ticket = await createTicket(t.database.db);
    await getTicket(t.app, agent, ticket.id);
    const escalated = await patchTicket(t.app, agent, 'escalate_ticket', { id: ticket.id });
    expect(escalated.statusCode).toBe(200);
    expect(escalated.json().escalated).toBe(t.clock.now().toISOString());
    expect(await stored(ticket.id)).toMatchObject({ escalatedBy: agent.id, assignedTo: null });
    expect((await lastAudit(ticket.id))?.action).toBe('ticket.escalated');
    expect((await patchTicket(t.app, agent, 'escalate_ticket', { id: ticket.id })).json()).toEqual({
      errors: [`Ticket ${ticket.id} is already escalated.`],
    });

    expect((await getTickets(t.app, agent)).json().escalatedTickets).toEqual([]);
    const seen = (await getTickets(t.app, supervisor)).json().escalatedTickets;
    expect(
      seen.map((summary: { id: number; last_escalated_by: string }) => [summary.id, summary.last_escalated_by]),
    ).toContainEqual([ticket.id, 'Alex Agent']);

    const before = await snapshotTicketWrites(t.database.db);
    const forbidden = await patchTicket(t.app, agent, 'deescalate_ticket', { id: ticket.id });
    expectErrors(forbidden, 403, [permissionRefusal('tickets.view_escalated')]);
    expect(await snapshotTicketWrites(t.database.db)).toEqual(before);

    const back = await patchTicket(t.app, supervisor, 'deescalate_ticket', { id: ticket.id });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ id: ticket.id, state: 'open', archived: null, escalated: null });
    expect(await lastAudit(ticket.id)).toMatchObject({ action: 'ticket.deescalated', employeeId: supervisor.id });
    // The ticket still says who escalated it last.
    expect((await getTicket(t.app, supervisor, ticket.id, true)).json().details.last_escalated_by).toBe('Alex Agent');
    expect((await patchTicket(t.app, supervisor, 'deescalate_ticket', { id: ticket.id })).json()).toEqual({
      errors: [`Ticket ${ticket.id} is not escalated.`],
    });
  });

  it('will not change a ticket someone else is working', async () => {
    const ticket = await createTicket(t.database.db);
    await getTicket(t.app, colleague, ticket.id);
    const before = await snapshotTicketWrites(t.database.db);
    for (const path of ['archive_ticket', 'escalate_ticket']) {
      const response = await patchTicket(t.app, agent, path, { id: ticket.id });
      expectErrors(response, 409, [`Ticket ${ticket.id} is being worked by Casey Colleague.`]);
    }
    expect(await snapshotTicketWrites(t.database.db)).toEqual(before);
  });
});
