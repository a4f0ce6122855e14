import { once } from 'node:events';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { handleOfEmail, type LiveEvent } from '@portal/contracts';
import { auditEvents, employees, livePresence, liveStreams, messages, tickets } from '@portal/db';
import { createCustomer, createTicket } from '@portal/db/testing';
import { openLiveClient, send, type LiveClient } from '../../testing/live-client.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createSignedInStaff } from '../../testing/staff-helpers.ts';
import { signInAsStaff, type StaffSession } from '../../testing/staff-session.ts';

// The live stream (issue 40, decision 063) over a real socket, as a tab reads it: who else has a
// record open, who changed it (any audited change, and a customer's message), a queue's list
// changing, what an employee may not follow, and a stream ending with its session.

let t: TestApp;
let baseUrl: string;
let agent: StaffSession;
let colleague: StaffSession;
let underwriter: StaffSession;
const clients: LiveClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ live: { heartbeatMs: 200, refreshEveryMs: 100 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the test server has no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
  agent = await signInAsStaff(t.app, t.database.db, ['agent']);
  colleague = await signInAsStaff(t.app, t.database.db, ['agent']);
  underwriter = await signInAsStaff(t.app, t.database.db, ['agent', 'underwriting']);
});
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});
afterAll(() => t.close());

async function open(staff: StaffSession): Promise<LiveClient> {
  const client = await openLiveClient(baseUrl, staff.token);
  clients.push(client);
  return client;
}

// Lets what earlier changes sent (a queue's trailing refresh) arrive, and sets it aside.
async function settle(client: LiveClient): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 250));
  for (const event of client.events) Object.assign(event, { taken: true });
}

const presenceOf = (topic: string, count: number) => (event: LiveEvent) =>
  event.event === 'presence' && event.data.topic === topic && event.data.viewers.length === count;

describe('GET live', () => {
  it('needs a session', async () => {
    const response = await fetch(`${baseUrl}/internal/api/live`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ errors: [expect.any(String)] });
  });

  it('opens an event stream that names itself first', async () => {
    const { response, destroy } = await send(`${baseUrl}/internal/api/live`, {
      method: 'GET',
      headers: { authorization: `Bearer ${agent.token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache, no-transform');
    response.setEncoding('utf8');
    const [first] = await once(response, 'data');
    expect(first).toMatch(/^event: hello\ndata: \{"stream":"[A-Za-z0-9_-]{24}"\}\n\n/);
    destroy();
  });

  it('reads no junk in its query (the bad-input probe leaves the stream to this file)', async () => {
    for (const query of ['?__proto__=1', '?constructor[prototype][admin]=true', '?x=%zz&&=', '?token=']) {
      const { response, destroy } = await send(`${baseUrl}/internal/api/live${query}`, {
        method: 'GET',
        headers: { authorization: `Bearer ${agent.token}` },
      });
      expect(response.statusCode).toBeLessThan(500);
      destroy();
    }
  });
});

describe('presence', () => {
  it('shows who else has a ticket open, and that they left', async () => {
    const ticket = await createTicket(t.database.db);
    const topic = `ticket:${ticket.id}`;
    const mine = await open(agent);
    expect(await mine.watch({ open: [topic], follow: [] })).toEqual({ open: [topic], follow: [], refused: [] });
    const alone = await mine.next(presenceOf(topic, 1));
    expect(alone.data).toEqual({ topic, viewers: [{ id: agent.employeeId, name: expect.any(String) }] });

    const theirs = await open(colleague);
    await theirs.watch({ open: [topic], follow: [] });
    const both = await mine.next(presenceOf(topic, 2));
    expect(both.event === 'presence' && both.data.viewers.map((viewer) => viewer.id).sort()).toEqual(
      [agent.employeeId, colleague.employeeId].sort(),
    );
    await theirs.next(presenceOf(topic, 2));

    // Moving on to another page leaves the ticket.
    await theirs.watch({ open: [], follow: [] });
    await mine.next(presenceOf(topic, 1));
    // Closing the tab does too.
    await theirs.watch({ open: [topic], follow: [] });
    await mine.next(presenceOf(topic, 2));
    theirs.close();
    await mine.next(presenceOf(topic, 1));
    await expect
      .poll(
        async () =>
          (await t.database.db.select().from(liveStreams).where(eq(liveStreams.employeeId, colleague.employeeId)))
            .length,
      )
      .toBe(0);
  });

  it('tells a tab that follows a record (a board of cards) who has it open, without counting the follower', async () => {
    const ticket = await createTicket(t.database.db);
    const topic = `ticket:${ticket.id}`;
    const board = await open(agent);
    await board.watch({ open: [], follow: [topic] });
    await board.next(presenceOf(topic, 0));
    const theirs = await open(colleague);
    await theirs.watch({ open: [topic], follow: [] });
    const one = await board.next(presenceOf(topic, 1));
    expect(one.event === 'presence' && one.data.viewers.map((viewer) => viewer.id)).toEqual([colleague.employeeId]);
    theirs.close();
    await board.next(presenceOf(topic, 0));
    board.close();
  });

  it("refuses a desk's records to an employee not on it, and what is not a topic", async () => {
    const mine = await open(agent);
    const answer = await mine.watch({
      open: ['identity_review:4', 'queue:tickets', 'ticket:1'],
      follow: ['queue:identity_reviews', 'queue:tickets', 'loan:1', 'ticket:01', 'mentions'],
    });
    expect(answer).toEqual({
      open: ['ticket:1'],
      follow: ['queue:tickets', 'mentions'],
      refused: ['identity_review:4', 'queue:tickets', 'queue:identity_reviews', 'loan:1', 'ticket:01'],
    });
    const theirs = await open(underwriter);
    expect(await theirs.watch({ open: ['identity_review:4'], follow: ['queue:identity_reviews'] })).toEqual({
      open: ['identity_review:4'],
      follow: ['queue:identity_reviews'],
      refused: [],
    });
  });

  it("will not set another employee's stream, nor a closed one", async () => {
    const theirs = await open(colleague);
    const response = await fetch(`${baseUrl}/internal/api/live_watch`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${agent.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ stream: theirs.stream, open: ['ticket:1'], follow: [] }),
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      errors: ['That live stream is closed; the page opens a new one by itself.'],
    });
    expect(await t.database.db.select().from(livePresence).where(eq(livePresence.streamId, theirs.stream))).toEqual([]);
  });

  it('answers 400 for a stream id or topic list that is not one', async () => {
    const response = await fetch(`${baseUrl}/internal/api/live_watch`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${agent.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ stream: 'x', open: Array.from({ length: 6 }, (_, i) => `ticket:${i + 1}`), follow: [] }),
    });
    expect(response.status).toBe(400);
  });
});

describe('changes', () => {
  it('tells whoever has a ticket or its customer open who changed it, and when', async () => {
    const customer = await createCustomer(t.database.db);
    const ticket = await createTicket(t.database.db, { customerId: customer.id });
    const mine = await open(agent);
    await mine.watch({ open: [`ticket:${ticket.id}`], follow: [`customer:${customer.id}`] });

    const escalated = await t.app.inject({
      method: 'PATCH',
      url: '/internal/api/escalate_ticket',
      headers: colleague.headers,
      payload: { id: ticket.id },
    });
    expect(escalated.statusCode).toBe(200);
    const onTicket = await mine.next((event) => event.event === 'change' && event.data.topic === `ticket:${ticket.id}`);
    expect(onTicket.data).toEqual({
      topic: `ticket:${ticket.id}`,
      by: { id: colleague.employeeId, name: expect.any(String) },
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      action: expect.stringContaining('escalat'),
    });
    await mine.next((event) => event.event === 'change' && event.data.topic === `customer:${customer.id}`);
  });

  it("tells them of the customer's new message, by no employee", async () => {
    const ticket = await createTicket(t.database.db);
    const mine = await open(agent);
    await mine.watch({ open: [`ticket:${ticket.id}`], follow: [] });
    await mine.next(presenceOf(`ticket:${ticket.id}`, 1));
    await t.database.db.insert(messages).values({
      ticketId: ticket.id,
      type: 'text',
      inbound: true,
      body: 'Are you there?',
      fromAddress: ticket.contact,
      status: 'received',
    });
    const change = await mine.next((event) => event.event === 'change');
    expect(change.data).toMatchObject({ topic: `ticket:${ticket.id}`, by: null, action: 'message.received' });
  });

  it('sends nothing for a read the audit records (an SSN revealed, a pack built, a list exported)', async () => {
    const customer = await createCustomer(t.database.db);
    const mine = await open(agent);
    await mine.watch({ open: [`customer:${customer.id}`], follow: [] });
    await settle(mine);
    for (const action of ['customer.ssn_revealed', 'customer.evidence_pack_built', 'customer.list_exported'])
      await t.database.db
        .insert(auditEvents)
        .values({ employeeId: colleague.employeeId, action, entityType: 'customer', entityId: String(customer.id) });
    await t.database.db.insert(auditEvents).values({
      employeeId: colleague.employeeId,
      action: 'customer.field_changed',
      entityType: 'customer',
      entityId: String(customer.id),
    });
    const change = await mine.next((event) => event.event === 'change');
    expect(change.data).toMatchObject({ action: 'customer.field_changed' });
    await expect(mine.next((event) => event.event === 'change', 200)).rejects.toThrow(/no matching/);
  });

  it('sends nothing for a change that rolls back', async () => {
    const ticket = await createTicket(t.database.db);
    const mine = await open(agent);
    await mine.watch({ open: [`ticket:${ticket.id}`], follow: ['queue:tickets'] });
    await settle(mine);
    await t.database.db
      .transaction(async (tx) => {
        await tx.update(tickets).set({ state: 'closed' }).where(eq(tickets.id, ticket.id));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await expect(mine.next((event) => event.event !== 'presence', 400)).rejects.toThrow(/no matching live event/);
  });
});

describe('notes and mentions', () => {
  it("tells the ticket's viewers of a note, and only the employee mentioned to refetch their mentions", async () => {
    const ticket = await createTicket(t.database.db);
    const [mentionedRow] = await t.database.db
      .select({ email: employees.email })
      .from(employees)
      .where(eq(employees.id, colleague.employeeId));
    const mine = await open(agent);
    await mine.watch({ open: [`ticket:${ticket.id}`], follow: ['mentions'] });
    const theirs = await open(colleague);
    await theirs.watch({ open: [], follow: ['mentions'] });
    await settle(mine);
    await settle(theirs);

    const added = await t.app.inject({
      method: 'POST',
      url: '/internal/api/ticket_notes',
      headers: underwriter.headers,
      payload: { ticket_id: ticket.id, body: `Can you call back, @${handleOfEmail(mentionedRow!.email)}?` },
    });
    expect(added.statusCode).toBeLessThan(300);
    const change = await mine.next((event) => event.event === 'change' && event.data.topic === `ticket:${ticket.id}`);
    expect(change.data).toMatchObject({ by: { id: underwriter.employeeId }, action: 'note.added' });
    expect((await theirs.next((event) => event.event === 'refresh')).data).toEqual({ topic: 'mentions' });
    await expect(mine.next((event) => event.event === 'refresh', 300)).rejects.toThrow(/no matching/);
  });
});

describe('queues', () => {
  it("refreshes a queue's list when it changes, not when a lease is renewed", async () => {
    const ticket = await createTicket(t.database.db);
    const mine = await open(agent);
    await mine.watch({ open: [], follow: ['queue:tickets'] });
    await settle(mine);
    await t.database.db.update(tickets).set({ leaseExpiresAt: new Date() }).where(eq(tickets.id, ticket.id));
    await expect(mine.next((event) => event.event === 'refresh', 300)).rejects.toThrow(/no matching/);
    await t.database.db.update(tickets).set({ archivedAt: new Date() }).where(eq(tickets.id, ticket.id));
    expect((await mine.next((event) => event.event === 'refresh')).data).toEqual({ topic: 'queue:tickets' });
  });

  it("drops each process's cached queue counts when the queue changes, so the refetch it asks for is fresh", async () => {
    const online = await createSignedInStaff(t.app, t.database.db, { roles: ['agent'] });
    const mine = await open(agent);
    await mine.watch({ open: [], follow: ['queue:tickets'] });
    await settle(mine);
    const count = async () =>
      (await t.app.inject({ method: 'GET', url: '/internal/api/tickets?num=1', headers: online.headers })).json<{
        totalTicketCount: number;
      }>().totalTicketCount;
    const before = await count();
    // Written as another process would: only the NOTIFY tells this one.
    await createTicket(t.database.db);
    await mine.next((event) => event.event === 'refresh');
    expect(await count()).toBe(before + 1);
  });

  it('folds a burst of changes into at most one refresh each period, the last one included', async () => {
    const mine = await open(agent);
    await mine.watch({ open: [], follow: ['queue:tickets'] });
    await settle(mine);
    const started = Date.now();
    for (let i = 0; i < 10; i += 1) await createTicket(t.database.db);
    const burstMs = Date.now() - started;
    await mine.next((event) => event.event === 'refresh');
    await mine.next((event) => event.event === 'refresh', 1000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // One at once, then at most one per 100 ms period while the notices arrive (they trail the burst by
    // a period at most; a loaded machine makes the burst longer), the trailing one included: never one
    // per change.
    const refreshes = mine.events.filter((event) => event.event === 'refresh').length;
    expect(refreshes).toBeLessThanOrEqual(Math.min(9, 3 + Math.floor(burstMs / 100)));
  });
});

describe('sessions', () => {
  it('ends the stream when its session ends', async () => {
    const leaving = await signInAsStaff(t.app, t.database.db, ['agent']);
    const mine = await open(leaving);
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/internal/api/employees/sign_out',
      headers: leaving.headers,
    });
    expect(out.statusCode).toBe(200);
    await mine.ended;
  });
});
