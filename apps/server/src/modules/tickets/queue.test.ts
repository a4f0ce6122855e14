import { beforeEach, describe, expect, it, vi } from 'vitest';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { employees, loans, payments, tickets } from '@portal/db';
import { createCustomer, createLoan, createTicket, DEFAULT_TEST_PASSWORD } from '@portal/db/testing';
import { callAsStaff, createSignedInStaff, setOnline } from '../../testing/staff-helpers.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { closeTicket, getTickets } from '../../testing/ticket-helpers.ts';
import { SHARED_VIEWS_TTL_MS, UNPAID_DUE_TTL_MS } from './service.ts';
import { expectErrors } from '../../testing/error-answers.ts';

const LEASE_MINUTES = 15;
const MINUTE = 60_000;
const t = useTestApp({ ticketLeaseMinutes: LEASE_MINUTES });

// Each test starts from an empty queue, and past the per-process badge cache.
beforeEach(async () => {
  await t.database.db.update(tickets).set({ state: 'closed', assignedTo: null, leaseExpiresAt: null });
  t.clock.advance(10_000);
});

const minutesAgo = (minutes: number) => new Date(t.clock.now().getTime() - minutes * MINUTE);

async function queueTickets(howMany: number, options: { firstMinutesAgo?: number } = {}) {
  const created = [];
  for (let index = 0; index < howMany; index += 1) {
    // Oldest first, one minute apart.
    created.push(
      await createTicket(t.database.db, { createdAt: minutesAgo((options.firstMinutesAgo ?? 500) - index) }),
    );
  }
  return created;
}

async function isOnline(employeeId: number): Promise<boolean | undefined> {
  const [row] = await t.database.db
    .select({ online: employees.online })
    .from(employees)
    .where(eq(employees.id, employeeId));
  return row?.online;
}

async function leasedTo(employeeId: number) {
  const rows = await t.database.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.assignedTo, employeeId));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

type Summary = { id: number; preview: string; name: string | null; last_escalated_by: string | null };

describe('GET tickets', () => {
  it('answers 409 to an employee who is offline, and leases nothing', async () => {
    await queueTickets(2);
    const offline = await createSignedInStaff(t.app, t.database.db, { online: false });
    const response = await getTickets(t.app, offline);
    expectErrors(response, 409, ['Go online to receive tickets.']);
    expect(await leasedTo(offline.id)).toEqual([]);
  });

  it('leases the oldest open queue tickets up to num, with previews, and renews them instead of taking more', async () => {
    const queued = await queueTickets(5);
    const customer = await createCustomer(t.database.db, { firstName: 'Rosa', lastName: 'Diaz' });
    const longText = `I need help with my account. ${'x'.repeat(200)}`;
    // Older than the others, but out of the queue: archived, escalated, closed.
    await createTicket(t.database.db, { createdAt: minutesAgo(900), archivedAt: minutesAgo(1) });
    await createTicket(t.database.db, { createdAt: minutesAgo(900), escalatedAt: minutesAgo(1) });
    await createTicket(t.database.db, { createdAt: minutesAgo(900), state: 'closed' });
    const named = await createTicket(t.database.db, {
      createdAt: minutesAgo(600),
      customerId: customer.id,
      thread: ['first words', longText],
    });
    const agent = await createSignedInStaff(t.app, t.database.db);

    const first = await getTickets(t.app, agent, 3);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.openTickets.map((ticket: Summary) => ticket.id)).toEqual([named.id, queued[0]?.id, queued[1]?.id]);
    expect(body.openTickets[0]).toMatchObject({
      user_id: customer.id,
      name: 'Rosa Diaz',
      channel: 'text',
      preview: longText.slice(0, 140),
    });
    expect(body.openTickets[1].preview).toBe('Hi, I have a question about my loan.');
    const [stored] = await t.database.db.select().from(tickets).where(eq(tickets.id, named.id));
    expect(stored?.assignedTo).toBe(agent.id);
    expect(stored?.leaseExpiresAt?.getTime()).toBe(t.clock.now().getTime() + LEASE_MINUTES * MINUTE);

    // Asking again keeps the same three; a lease is pushed out once past half its life, not on every poll.
    const leasedAt = t.clock.now().getTime();
    t.clock.advance(5 * MINUTE);
    const again = (await getTickets(t.app, agent, 3)).json();
    expect(again.openTickets.map((ticket: Summary) => ticket.id)).toEqual(
      body.openTickets.map((ticket: Summary) => ticket.id),
    );
    const [unchanged] = await t.database.db.select().from(tickets).where(eq(tickets.id, named.id));
    expect(unchanged?.leaseExpiresAt?.getTime()).toBe(leasedAt + LEASE_MINUTES * MINUTE);
    t.clock.advance(3 * MINUTE);
    expect((await getTickets(t.app, agent, 3)).json().openTickets).toHaveLength(3);
    const [renewed] = await t.database.db.select().from(tickets).where(eq(tickets.id, named.id));
    expect(renewed?.leaseExpiresAt?.getTime()).toBe(t.clock.now().getTime() + LEASE_MINUTES * MINUTE);

    // A larger num tops up with the next oldest; the default num is 10.
    const more = (await getTickets(t.app, agent)).json();
    expect(more.openTickets.map((ticket: Summary) => ticket.id)).toEqual([
      named.id,
      ...queued.map((ticket) => ticket.id),
    ]);
  });

  it('gives 20 employees asking at the same moment different tickets, and together exactly the available ones', async () => {
    const queued = await queueTickets(150);
    const staff = [];
    for (let index = 0; index < 20; index += 1) staff.push(await createSignedInStaff(t.app, t.database.db));
    const responses = await Promise.all(staff.map((member) => getTickets(t.app, member, 10)));
    expect(responses.map((response) => response.statusCode)).toEqual(staff.map(() => 200));
    const handedOut = responses.flatMap((response) => response.json().openTickets.map((ticket: Summary) => ticket.id));
    expect(new Set(handedOut).size).toBe(handedOut.length);
    expect([...handedOut].sort((a, b) => a - b)).toEqual(queued.map((ticket) => ticket.id).sort((a, b) => a - b));
    for (const [index, member] of staff.entries()) {
      const ids = responses[index]
        ?.json()
        .openTickets.map((ticket: Summary) => ticket.id)
        .sort((a: number, b: number) => a - b);
      expect(ids.length).toBeLessThanOrEqual(10);
      expect(await leasedTo(member.id)).toEqual(ids);
    }
  });

  it('hands a ticket to someone else once its lease has run out', async () => {
    const queued = await queueTickets(2);
    const first = await createSignedInStaff(t.app, t.database.db);
    const second = await createSignedInStaff(t.app, t.database.db);
    expect((await getTickets(t.app, first)).json().openTickets).toHaveLength(2);
    expect((await getTickets(t.app, second)).json().openTickets).toEqual([]);

    t.clock.advance(LEASE_MINUTES * MINUTE - 1000);
    expect((await getTickets(t.app, second)).json().openTickets).toEqual([]);
    t.clock.advance(2000);
    const taken = (await getTickets(t.app, second)).json().openTickets.map((ticket: Summary) => ticket.id);
    expect(taken).toEqual(queued.map((ticket) => ticket.id));
    expect(await leasedTo(second.id)).toEqual(taken);
    // The first employee's renewal does not take them back.
    expect((await getTickets(t.app, first)).json().openTickets).toEqual([]);
  });

  it('releases the leases of an employee who goes offline, or signs out', async () => {
    await queueTickets(3);
    const agent = await createSignedInStaff(t.app, t.database.db);
    expect((await getTickets(t.app, agent)).json().openTickets).toHaveLength(3);

    await setOnline(t.app, agent, false);
    expect(await leasedTo(agent.id)).toEqual([]);
    expect((await getTickets(t.app, agent)).statusCode).toBe(409);

    const colleague = await createSignedInStaff(t.app, t.database.db);
    expect((await getTickets(t.app, colleague, 1)).json().openTickets).toHaveLength(1);
    await setOnline(t.app, agent, true);
    expect((await getTickets(t.app, agent)).json().openTickets).toHaveLength(2);

    const signOut = await callAsStaff(t.app, agent, 'DELETE', 'employees/sign_out');
    expect(signOut.statusCode).toBe(200);
    expect(await leasedTo(agent.id)).toEqual([]);
    expect(await leasedTo(colleague.id)).toHaveLength(1);
    expect(await isOnline(agent.id)).toBe(false);
  });

  it('keeps the employee online with their tickets while another of their sessions is still signed in', async () => {
    await queueTickets(2);
    const agent = await createSignedInStaff(t.app, t.database.db);
    const secondBrowser = await t.app.inject({
      method: 'POST',
      url: '/internal/api/employees/sign_in',
      payload: { employee: { email: agent.email, password: DEFAULT_TEST_PASSWORD } },
    });
    const second = { ...agent, headers: { authorization: `Bearer ${secondBrowser.json().apiToken}` } };
    expect((await getTickets(t.app, agent)).json().openTickets).toHaveLength(2);

    await t.app.inject({ method: 'DELETE', url: '/internal/api/employees/sign_out', headers: agent.headers });
    expect(await isOnline(agent.id)).toBe(true);
    expect(await leasedTo(agent.id)).toHaveLength(2);
    expect((await getTickets(t.app, second)).json().openTickets).toHaveLength(2);

    // The last session out takes the employee offline.
    await t.app.inject({ method: 'DELETE', url: '/internal/api/employees/sign_out', headers: second.headers });
    expect(await isOnline(agent.id)).toBe(false);
    expect(await leasedTo(agent.id)).toEqual([]);
  });

  it('lists archived tickets newest first, at most 100, and escalated ones only to staff with the permission', async () => {
    const supervisor = await createSignedInStaff(t.app, t.database.db, {
      roles: ['agent', 'escalations'],
      name: 'Sam Supervisor',
    });
    const agent = await createSignedInStaff(t.app, t.database.db);
    const archived = [];
    for (let index = 0; index < 102; index += 1) {
      archived.push(await createTicket(t.database.db, { archivedAt: minutesAgo(200 - index), thread: [] }));
    }
    const escalated = await createTicket(t.database.db, { escalatedAt: minutesAgo(3), escalatedBy: supervisor.id });

    // Written behind the API's back: the shared lists catch up on their background refresh.
    const archivedFor = async (staff: typeof agent) => {
      let body = (await getTickets(t.app, staff)).json();
      await vi.waitFor(async () => {
        body = (await getTickets(t.app, staff)).json();
        expect(body.archivedTickets).toHaveLength(100);
      });
      return body;
    };
    const forAgent = await archivedFor(agent);
    expect(forAgent.archivedTickets).toHaveLength(100);
    expect(forAgent.archivedTickets[0].id).toBe(archived[101]?.id);
    expect(forAgent.archivedTickets[99].id).toBe(archived[2]?.id);
    expect(forAgent.archivedTickets[0].archived).toBe(archived[101]?.archivedAt?.toISOString());
    expect(forAgent.escalatedTickets).toEqual([]);
    expect(forAgent.openTickets).toEqual([]);

    let forSupervisor = await archivedFor(supervisor);
    await vi.waitFor(async () => {
      forSupervisor = (await getTickets(t.app, supervisor)).json();
      expect(forSupervisor.escalatedTickets.map((ticket: Summary) => ticket.id)).toEqual([escalated.id]);
    });
    expect(forSupervisor.escalatedTickets[0].last_escalated_by).toBe('Sam Supervisor');
    await t.database.db.update(tickets).set({ state: 'closed' }).where(isNotNull(tickets.archivedAt));
  });

  it('counts the queue by age, the unpaid payments of the next two days, and what the caller closed today', async () => {
    // Past the unpaid counts' minute, so they are counted again (earlier tests stored them).
    t.clock.advance(UNPAID_DUE_TTL_MS);
    const agent = await createSignedInStaff(t.app, t.database.db);
    // Queue: two over a day old, three under; archived and escalated tickets do not count.
    for (const minutes of [3000, 1500, 600, 60, 5])
      await createTicket(t.database.db, { createdAt: minutesAgo(minutes) });
    await createTicket(t.database.db, { createdAt: minutesAgo(3000), archivedAt: minutesAgo(1) });
    await createTicket(t.database.db, { createdAt: minutesAgo(10), escalatedAt: minutesAgo(1) });

    // Today is 2026-11-21 in Los Angeles; schedules are monthly from the funding date.
    const customer = await createCustomer(t.database.db);
    const tomorrow = await createLoan(t.database.db, { customerId: customer.id, fundedOn: '2026-10-22' });
    await createLoan(t.database.db, { customerId: customer.id, fundedOn: '2026-10-22' });
    await createLoan(t.database.db, { customerId: customer.id, fundedOn: '2026-10-23' });
    // Not counted: collected, processing, invalid, a paid-off loan, and a loan never funded.
    const collected = await createLoan(t.database.db, {
      customerId: customer.id,
      fundedOn: '2026-10-22',
      paidInstallments: 1,
    });
    const processing = await createLoan(t.database.db, { customerId: customer.id, fundedOn: '2026-10-23' });
    const invalid = await createLoan(t.database.db, { customerId: customer.id, fundedOn: '2026-10-23' });
    await createLoan(t.database.db, { customerId: customer.id, fundedOn: '2026-05-22', state: 'paid_off' });
    await createLoan(t.database.db, { customerId: customer.id, fundedOn: '2026-10-22', state: 'approved' });
    // Nor the payments of a loan that is not active though funded: its funding came back, or it was
    // denied after funding.
    await createLoan(t.database.db, { customerId: customer.id, fundedOn: '2026-10-22', state: 'funding_returned' });
    const denied = await createLoan(t.database.db, { customerId: customer.id, fundedOn: '2026-10-22' });
    await t.database.db
      .update(loans)
      .set({ deniedAt: minutesAgo(1) })
      .where(eq(loans.id, denied.loan.id));
    const firstPayment = (loan: typeof tomorrow) => loan.payments[0]?.id ?? 0;
    await t.database.db
      .update(payments)
      .set({ processingAt: minutesAgo(1) })
      .where(eq(payments.id, firstPayment(processing)));
    await t.database.db
      .update(payments)
      .set({ invalidAt: minutesAgo(1) })
      .where(eq(payments.id, firstPayment(invalid)));
    expect(collected.payments[0]?.paidAt).not.toBeNull();
    expect(tomorrow.payments[0]?.due).toBe('2026-11-22');

    // Closed by the caller: two today (through the API), one yesterday; one today by someone else.
    const mine = [
      await createTicket(t.database.db, { createdAt: minutesAgo(30) }),
      await createTicket(t.database.db, { createdAt: minutesAgo(30) }),
    ];
    for (const ticket of mine) {
      t.clock.advance(1000);
      const closed = await closeTicket(t.app, agent, ticket.id);
      expect(closed.statusCode).toBe(200);
    }
    // 17:00 UTC is 09:00 in Los Angeles: ten hours ago was yesterday there.
    await createTicket(t.database.db, { state: 'closed', closedBy: agent.id, closedAt: minutesAgo(600) });
    const other = await createSignedInStaff(t.app, t.database.db);
    await createTicket(t.database.db, { state: 'closed', closedBy: other.id, closedAt: minutesAgo(5) });

    await vi.waitFor(async () =>
      expect((await getTickets(t.app, agent, 1)).json()).toMatchObject({
        employeeTicketCount: 2,
        closedTickets: [mine[1]?.id, mine[0]?.id],
        // The caller's own lease is still a queue ticket.
        totalTicketCount: 5,
        createdOver24h: 2,
        createdUnder24h: 3,
        unpaidDueTomorrow: 2,
        unpaidDueDayAfterTomorrow: 1,
      }),
    );
    const [queued] = await t.database.db
      .select({ n: count() })
      .from(tickets)
      .where(and(eq(tickets.state, 'open'), eq(tickets.assignedTo, agent.id)));
    expect(queued?.n).toBe(1);
  });

  it('keeps the unpaid counts for a minute, as they change with the payment runs, not with tickets', async () => {
    const agent = await createSignedInStaff(t.app, t.database.db);
    t.clock.advance(UNPAID_DUE_TTL_MS);
    await getTickets(t.app, agent, 1);
    const counted = async () => (await getTickets(t.app, agent, 1)).json().unpaidDueTomorrow as number;
    const before = await vi.waitFor(async () => {
      const value = await counted();
      // The refresh started by the poll above has landed once two polls agree.
      expect(await counted()).toBe(value);
      return value;
    });
    const customer = await createCustomer(t.database.db);
    await createLoan(t.database.db, { customerId: customer.id, fundedOn: '2026-10-22' });
    t.clock.advance(SHARED_VIEWS_TTL_MS + 1000);
    await getTickets(t.app, agent, 1);
    expect(await counted()).toBe(before);
    t.clock.advance(UNPAID_DUE_TTL_MS);
    await vi.waitFor(async () => expect(await counted()).toBe(before + 1));
  });

  it('refreshes the shared counts at once after a change, made here or by any other process', async () => {
    const agent = await createSignedInStaff(t.app, t.database.db);
    const [first, closed] = await queueTickets(2);
    // A change made through this process drops the stored counts, so the next call waits for fresh ones.
    await closeTicket(t.app, agent, String(closed?.id));
    expect((await getTickets(t.app, agent, 1)).json().totalTicketCount).toBe(1);
    // Written behind the API's back (another process, a script): the database's notice on the live
    // channel (decision 063) drops the stored counts in every process.
    await queueTickets(2);
    await vi.waitFor(async () => expect((await getTickets(t.app, agent, 1)).json().totalTicketCount).toBe(3));
    await closeTicket(t.app, agent, String(first?.id));
    expect((await getTickets(t.app, agent, 1)).json().totalTicketCount).toBe(2);
  });

  it('refuses a num outside 1..50 with 400', async () => {
    const agent = await createSignedInStaff(t.app, t.database.db);
    for (const num of ['0', '51', 'ten']) {
      const response = await callAsStaff(t.app, agent, 'GET', 'tickets', { num });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.length).toBeGreaterThan(0);
    }
  });
});
