import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import {
  AUTO_RESPONSE_MACRO_TITLES,
  fillAutoResponse,
  isWeekday,
  PAYMENT_UPDATE_ACTIONS,
  ssnProblem,
  SUGGESTED_MACRO_TITLES,
} from '@portal/contracts';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  auditEvents,
  customers,
  employeeRoles,
  loans,
  macros,
  macroTags,
  messages,
  payments,
  roles,
  tickets,
  verifyPassword,
} from '@portal/db';
import { findEmployeeByEmail, isDatabaseEmpty, loanTotalCents, type SealSsn } from '@portal/db/seed';
import { openTestDatabase, type TestDatabase } from '@portal/db/testing';
import { createClock } from './calendar.ts';
import { DEMO_EMAIL, seedDemoData, type DemoSummary } from './demo-data.ts';
import { demoMacro } from './macros.ts';

const CUSTOMERS = 300;
const TODAY = '2026-03-11';
// Start of TODAY in Los Angeles: the generator places nothing later.
const nowMs = createClock(TODAY).nowMs;
const HOUR_MS = 3_600_000;

// The seed has no key: the server hands it a sealer (decision 023). This stand-in is deterministic
// and keeps what it was given, so the test can check what the seed made and what it stored.
const handedOver = new Map<number, string>();
const testSealer: SealSsn = (customerId, digits) => {
  handedOver.set(customerId, digits);
  return {
    sealed: `test-sealed:${customerId}:${createHash('sha256').update(digits).digest('base64url')}`,
    hash: createHmac('sha256', 'test-key').update(digits).digest('hex'),
    last4: digits.slice(-4),
  };
};

describe('seedDemoData', () => {
  let first: TestDatabase;
  let second: TestDatabase;
  let summary: DemoSummary;

  beforeAll(async () => {
    first = await openTestDatabase();
    second = await openTestDatabase();
    expect(await isDatabaseEmpty(first.db)).toBe(true);
    summary = await seedDemoData(first.db, { customers: CUSTOMERS, seed: 7, today: TODAY, sealSsn: testSealer });
    await seedDemoData(second.db, { customers: CUSTOMERS, seed: 7, today: TODAY, sealSsn: testSealer });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  const countWhere = async (table: PgTable, condition?: SQL): Promise<number> => {
    const [row] = await first.db.select({ n: count() }).from(table).where(condition);
    return row?.n ?? 0;
  };

  it('reports what it inserted and leaves the sequences past the explicit ids', async () => {
    expect(summary.counts.customers).toBe(CUSTOMERS);
    expect(await countWhere(customers)).toBe(CUSTOMERS);
    expect(await countWhere(payments)).toBe(summary.counts.payments);
    expect(await countWhere(messages)).toBe(summary.counts.messages);
    expect(await countWhere(auditEvents)).toBe(summary.counts.auditEvents);
    expect(await isDatabaseEmpty(first.db)).toBe(false);
    const [created] = await second.db
      .insert(customers)
      .values({ firstName: 'New', lastName: 'Customer', email: 'new@example.com' })
      .returning();
    expect(created?.id).toBe(CUSTOMERS + 1);
    await second.db.delete(customers).where(eq(customers.id, CUSTOMERS + 1));
  });

  it('is deterministic: the same seed gives the same rows', async () => {
    for (const table of [customers, loans, payments, tickets, messages, auditEvents]) {
      const a = await first.db
        .select()
        .from(table)
        .orderBy(asc(sql`id`));
      const b = await second.db
        .select()
        .from(table)
        .orderBy(asc(sql`id`));
      expect(a.length).toBeGreaterThan(0);
      expect(b).toEqual(a);
    }
  });

  it('creates the demo sign-in and gives employees 6 and 12 their powers', async () => {
    const demo = await findEmployeeByEmail(first.db, DEMO_EMAIL);
    expect(demo?.id).toBe(1);
    expect(await verifyPassword(summary.signIn.password, demo?.passwordHash ?? '')).toBe(true);
    const permissionsOf = async (employeeId: number): Promise<string[]> => {
      const held = await first.db
        .select({ permissions: roles.permissions })
        .from(employeeRoles)
        .innerJoin(roles, eq(roles.id, employeeRoles.roleId))
        .where(eq(employeeRoles.employeeId, employeeId));
      return held.flatMap((row) => row.permissions);
    };
    expect(await permissionsOf(6)).toContain('payments.validate_any');
    expect(await permissionsOf(12)).toContain('tickets.view_escalated');
    expect(await permissionsOf(1)).toEqual(
      expect.arrayContaining(['payments.validate_any', 'tickets.view_escalated', 'customers.reveal_ssn']),
    );
    expect(await permissionsOf(2)).toEqual([]);
  });

  it('gives customers unique contact details and plausible identity data', async () => {
    const [row] = await first.db
      .select({
        phones: sql<number>`count(distinct ${customers.phoneNumber})::int`,
        emails: sql<number>`count(distinct ${customers.email})::int`,
        badPhones: sql<number>`count(*) filter (where ${customers.phoneNumber} !~ '^[2-9][0-9]{9}$')::int`,
        referred: sql<number>`count(*) filter (where ${customers.utmSource} = 'refer' and ${customers.referrerId} < ${customers.id})::int`,
      })
      .from(customers);
    expect(row).toMatchObject({ phones: CUSTOMERS, emails: CUSTOMERS, badPhones: 0 });
    expect(row?.referred).toBeGreaterThan(0);
    for (const code of [-7, -5, -2, -1, 0, 1, 2])
      expect(await countWhere(customers, eq(customers.verified, code))).toBeGreaterThan(0);
  });

  it("hands every customer's SSN to the caller's sealer and stores only what it answered", async () => {
    expect(handedOver.size).toBe(CUSTOMERS);
    const digits = [...handedOver.values()];
    expect(digits.filter((ssn) => !/^\d{9}$/.test(ssn) || ssnProblem(ssn) !== null)).toEqual([]);
    expect(new Set(digits).size).toBeGreaterThan(CUSTOMERS * 0.99);
    const stored = await first.db
      .select({ id: customers.id, sealed: customers.ssnSealed, hash: customers.ssnHash, last4: customers.ssnLast4 })
      .from(customers)
      .orderBy(asc(customers.id));
    expect(stored).toHaveLength(CUSTOMERS);
    for (const { id, ...columns } of stored) {
      const ssn = handedOver.get(id) ?? '';
      expect(columns).toEqual(testSealer(id, ssn));
      expect(columns.last4).toBe(ssn.slice(-4));
    }
    // Nowhere in a customer row are the nine digits.
    const result = await first.db.execute(
      sql`select count(*)::int as n from customers c, unnest(${sql.param(digits)}::text[]) as d(ssn) where c::text like '%' || d.ssn || '%'`,
    );
    const [plain] = (result as unknown as { rows: Array<{ n: number }> }).rows;
    expect(plain?.n).toBe(0);
  });

  it('covers every loan state of the spec', async () => {
    const states: Record<string, SQL> = {
      'application in process': sql`approved_at is null and denied_at is null and closed_at is null`,
      'approved, not accepted': sql`approved_at is not null and accepted_at is null and closed_at is null`,
      'accepted, not funded': sql`accepted_at is not null and funded_at is null and closed_at is null`,
      'funded and active': sql`funded_at is not null and paid_off_at is null and funding_returned_at is null`,
      'funding returned': sql`funding_returned_at is not null`,
      denied: sql`denied_at is not null and deny_reason is not null`,
      'denied at stage 3': sql`deny_reason = 'stage_3' and stage3`,
      'closed after approval, unfunded': sql`closed_at is not null and approved_at is not null and funded_at is null`,
      'cancelled before approval': sql`closed_at is not null and approved_at is null`,
      'paid off': sql`paid_off_at is not null`,
      'past maturity with a settlement minimum': sql`settlement_min_cents is not null and maturity < ${TODAY}::date and paid_off_at is null`,
      'CreditBuilder awaiting a decision': sql`type = 'CreditBuilder' and approved_at is null and denied_at is null and closed_at is null`,
      CommunityLoan: sql`type = 'CommunityLoan'`,
      standard: sql`type = 'standard'`,
      'application with 3+ statements': sql`approved_at is null and (select count(*) from statements s where s.loan_id = loans.id) >= 3`,
      'application with a fraud alert': sql`approved_at is null and exists (select 1 from loan_comments c where c.loan_id = loans.id and c.body ilike '%fraud alert%')`,
    };
    for (const [name, condition] of Object.entries(states)) {
      expect(await countWhere(loans, condition), name).toBeGreaterThan(0);
    }
  });

  it('keeps loan timestamps in order and never in the future', async () => {
    const violations = await countWhere(
      loans,
      sql`approved_at < applied_at or accepted_at < approved_at or funded_at < accepted_at
        or (accepted_at is not null and approved_at is null) or (funded_at is not null and accepted_at is null)
        or (denied_at is not null and (approved_at is not null or denied_at < applied_at))
        or (paid_off_at is not null and (funded_at is null or paid_off_at < funded_at))
        or (funding_returned_at is not null and (funded_at is null or funding_returned_at < funded_at))
        or (closed_at is not null and (funded_at is not null or closed_at < applied_at))
        or greatest(applied_at, approved_at, accepted_at, funded_at, denied_at, closed_at, paid_off_at, funding_returned_at, denial_sent_at) > ${new Date(nowMs).toISOString()}::timestamptz`,
    );
    expect(violations).toBe(0);
  });

  it('gives funded loans installment schedules that add up to principal plus interest', async () => {
    const funded = await first.db
      .select({
        id: loans.id,
        principal: loans.cashAdvancedCents,
        apr: loans.aprBasisPoints,
        installments: loans.installmentCount,
        paidOff: loans.paidOffAt,
        scheduled: sql<number>`coalesce(sum(${payments.expectedAmountCents}) filter (where ${payments.type} = 'Installment' and ${payments.invalidAt} is null), 0)::int`,
        unpaid: sql<number>`count(*) filter (where ${payments.paidAt} is null and ${payments.invalidAt} is null)::int`,
      })
      .from(loans)
      .innerJoin(payments, eq(payments.loanId, loans.id))
      .groupBy(loans.id);
    expect(funded.length).toBe(await countWhere(loans, sql`funded_at is not null`));
    for (const loan of funded) {
      expect(loan.scheduled, `loan ${loan.id}`).toBe(loanTotalCents(loan.principal ?? 0, loan.apr, loan.installments));
      if (loan.paidOff) expect(loan.unpaid, `paid-off loan ${loan.id}`).toBe(0);
    }
    expect(
      await countWhere(payments, sql`paid_at is not null and paid_at > ${new Date(nowMs).toISOString()}::timestamptz`),
    ).toBe(0);
  });

  it('has payments in every state, with bounces, early repayments and refunds', async () => {
    const states: Record<string, SQL> = {
      due: sql`paid_at is null and processing_at is null and invalid_at is null`,
      'due in the past': sql`paid_at is null and processing_at is null and invalid_at is null and due < ${TODAY}::date`,
      paid: sql`paid_at is not null`,
      processing: sql`processing_at is not null and paid_at is null and due between ${TODAY}::date - 4 and ${TODAY}::date`,
      invalid: sql`invalid_at is not null`,
      'bounce fee': sql`bounce_fee_cents > 0`,
      'early repayment by the customer': sql`type = 'EarlyRepayment' and user_initiated and paid_at is null`,
      'refundable ach or debit payment': sql`refundable and paid_at is not null and method in ('ach', 'debit')`,
      'moved due date': sql`due <> original_due`,
    };
    for (const [name, condition] of Object.entries(states)) {
      expect(await countWhere(payments, condition), name).toBeGreaterThan(0);
    }
    const [codes] = await first.db
      .execute<{ codes: number }>(sql`select count(distinct return_code)::int as codes from bounces`)
      .then((result) => (result as unknown as { rows: Array<{ codes: number }> }).rows);
    expect(codes?.codes).toBeGreaterThanOrEqual(3);
  });

  it('has every named macro, tagged, and one without tags', async () => {
    const stored = await first.db.select({ title: macros.title }).from(macros);
    expect(stored.map((macro) => macro.title)).toEqual(expect.arrayContaining([...SUGGESTED_MACRO_TITLES]));
    expect(
      await countWhere(macros, sql`not exists (select 1 from macro_tags t where t.macro_id = macros.id)`),
    ).toBeGreaterThan(0);
    expect(await countWhere(macroTags, sql`tag = 'Early Repayment'`)).toBeGreaterThan(0);
  });

  it('has text and email tickets in every state, with threads, and unmatched senders', async () => {
    const since24h = new Date(nowMs - 24 * HOUR_MS).toISOString();
    const states: Record<string, SQL> = {
      text: sql`channel = 'text' and customer_id is not null`,
      email: sql`channel = 'email' and customer_id is not null and subject is not null`,
      unmatched: sql`customer_id is null and state = 'open'`,
      'open, over 24 h': sql`state = 'open' and archived_at is null and escalated_at is null and created_at < ${since24h}::timestamptz`,
      'open, under 24 h': sql`state = 'open' and archived_at is null and escalated_at is null and created_at >= ${since24h}::timestamptz`,
      closed: sql`state = 'closed' and closed_at is not null and closed_by is not null`,
      archived: sql`archived_at is not null`,
      escalated: sql`escalated_at is not null and escalated_by is not null`,
    };
    for (const [name, condition] of Object.entries(states)) {
      expect(await countWhere(tickets, condition), name).toBeGreaterThan(0);
    }
    expect(await countWhere(tickets)).toBeGreaterThanOrEqual(25);
    expect(
      await countWhere(
        tickets,
        sql`not exists (select 1 from messages m where m.ticket_id = tickets.id and m.inbound)`,
      ),
    ).toBe(0);
    // The contact is the matched customer's phone or one of their addresses.
    expect(
      await countWhere(
        tickets,
        sql`customer_id is not null and not exists (select 1 from customers c where c.id = tickets.customer_id and (c.phone_number = tickets.contact
          or exists (select 1 from customer_emails e where e.customer_id = c.id and e.email = tickets.contact)))`,
      ),
    ).toBe(0);
  });

  it('has inbound and outbound messages, aged ones, notifications and an undelivered one', async () => {
    const kinds: Record<string, SQL> = {
      'inbound text': sql`type = 'text' and inbound and status = 'received'`,
      'inbound email with raw MIME': sql`type = 'email' and inbound and raw like 'From: %' and subject is not null`,
      'outbound reply': sql`not inbound and status = 'sent' and employee_id is not null and ticket_id is not null`,
      'older than 5 days': sql`ticket_id is not null and created_at < ${new Date(nowMs - 5 * 24 * HOUR_MS).toISOString()}::timestamptz`,
      notification: sql`type = 'notification' and not inbound and status = 'sent' and ticket_id is null`,
      undelivered: sql`status = 'undelivered' and not inbound and error is not null`,
      'payment-date question': sql`body like '%change my payment date%'`,
    };
    for (const [name, condition] of Object.entries(kinds)) {
      expect(await countWhere(messages, condition), name).toBeGreaterThan(0);
    }
    expect(await countWhere(messages, sql`created_at > ${new Date(nowMs).toISOString()}::timestamptz`)).toBe(0);
  });

  const rowsOf = async <T>(query: SQL): Promise<T[]> =>
    ((await first.db.execute(query)) as unknown as { rows: T[] }).rows;
  // A timestamp as a raw query answers it (a Date or text, by driver), in milliseconds.
  type Stamp = Date | string;
  const msOf = (stamp: Stamp | null): number | null => (stamp === null ? null : new Date(stamp).getTime());

  it('auto-responds, as the product does, to tickets opened outside business hours', async () => {
    type Row = {
      id: number;
      channel: 'text' | 'email';
      after_hours: boolean;
      dnc: boolean;
      first_name: string | null;
      last_name: string | null;
      email: string | null;
      created_at: Stamp;
      auto_responded_at: Stamp | null;
      followed_up_at: Stamp | null;
      first_response_at: Stamp | null;
      responses: Array<{
        id: number;
        at: string;
        body: string;
        macro_id: number | null;
        employee_id: number | null;
        status: string;
        inbound: boolean;
      }>;
      first_reply_at: Stamp | null;
      first_follow_up_at: Stamp | null;
      audits: number;
    };
    // After hours by the default Mon-Fri 08:00-17:00 in Los Angeles, worked out here on its own.
    const rows = await rowsOf<Row>(sql`
      select t.id, t.channel, t.created_at, t.auto_responded_at, t.followed_up_at, t.first_response_at,
        coalesce(c.dnc, false) as dnc, c.first_name, c.last_name, c.email,
        (extract(isodow from t.created_at at time zone 'America/Los_Angeles') > 5
          or (t.created_at at time zone 'America/Los_Angeles')::time < '08:00'
          or (t.created_at at time zone 'America/Los_Angeles')::time >= '17:00') as after_hours,
        coalesce((select json_agg(json_build_object('id', m.id, 'at', m.created_at, 'body', m.body,
            'macro_id', m.macro_id, 'employee_id', m.employee_id, 'status', m.status, 'inbound', m.inbound))
          from messages m where m.ticket_id = t.id and m.auto_response), '[]') as responses,
        (select min(m.created_at) from messages m where m.ticket_id = t.id and m.employee_id is not null)::text as first_reply_at,
        (select min(m.created_at) from messages m join messages a on a.ticket_id = m.ticket_id and a.auto_response
          where m.ticket_id = t.id and m.inbound and m.created_at > a.created_at)::text as first_follow_up_at,
        (select count(*)::int from audit_events e where e.action = 'ticket.auto_response_queued'
          and e.entity_type = 'ticket' and e.entity_id = t.id::text) as audits
      from tickets t left join customers c on c.id = t.customer_id
      order by t.id`);
    const responded = rows.filter((row) => row.responses.length > 0);
    // One each for every ticket opened after hours, except a customer marked Do Not Contact; none in hours.
    expect(rows.filter((row) => row.after_hours && !row.dnc && row.responses.length !== 1)).toEqual([]);
    expect(responded.filter((row) => !row.after_hours || row.dnc)).toEqual([]);
    expect(responded.length).toBeGreaterThan(0);
    expect(rows.filter((row) => !row.after_hours).length).toBeGreaterThan(0);
    for (const channel of ['text', 'email'] as const)
      expect(responded.filter((row) => row.channel === channel).length, channel).toBeGreaterThan(0);
    expect(responded.filter((row) => row.first_name === null).length, 'unmatched senders').toBeGreaterThan(0);

    for (const row of responded) {
      const response = row.responses[0]!;
      const at = msOf(response.at)!;
      const opened = msOf(row.created_at)!;
      const macro = demoMacro(AUTO_RESPONSE_MACRO_TITLES[row.channel]);
      const customer =
        row.first_name === null ? undefined : { firstName: row.first_name, lastName: row.last_name, email: row.email };
      expect(response, `ticket ${row.id}`).toMatchObject({
        macro_id: macro.id,
        body: fillAutoResponse(macro.body, customer),
        employee_id: null,
        status: 'sent',
        inbound: false,
      });
      // 30 to 60 seconds after the opening message, before any employee's reply.
      expect(at - opened, `ticket ${row.id}`).toBeGreaterThanOrEqual(30_000);
      expect(at - opened, `ticket ${row.id}`).toBeLessThanOrEqual(60_000);
      if (row.first_reply_at !== null) expect(msOf(row.first_reply_at)).toBeGreaterThan(at);
      // Set by the database's triggers (migration 0021), not by the seed; the auto-response is no
      // first response.
      expect(msOf(row.auto_responded_at), `ticket ${row.id}`).toBe(at);
      expect(msOf(row.followed_up_at), `ticket ${row.id}`).toBe(msOf(row.first_follow_up_at));
      if (row.first_response_at !== null) expect(msOf(row.first_response_at)).toBeGreaterThan(at);
      expect(row.audits).toBe(1);
    }
    expect(rows.filter((row) => row.responses.length === 0 && row.auto_responded_at !== null)).toEqual([]);
    // Customers who wrote again after it, and ones who did not.
    expect(responded.filter((row) => row.followed_up_at !== null).length).toBeGreaterThan(0);
    expect(responded.filter((row) => row.followed_up_at === null).length).toBeGreaterThan(0);
    // The rollups the analytics read, kept by the same triggers.
    const [stats] = await rowsOf<{ auto: number; followed: number }>(
      sql`select coalesce(sum(auto_responded), 0)::int as auto, coalesce(sum(followed_up), 0)::int as followed from auto_response_hourly_stats`,
    );
    expect(stats).toEqual({
      auto: responded.length,
      followed: responded.filter((row) => row.followed_up_at !== null).length,
    });
  });

  it('has payment updates by staff and by customers, audited as the product audits them', async () => {
    type Row = {
      payment_id: number;
      due: string;
      original_due: string;
      method: string;
      paid_at: Stamp | null;
      processing_at: Stamp | null;
      lock_version: number;
      customer_id: number;
      events: Array<{
        action: string;
        employee_id: number | null;
        before: Record<string, unknown>;
        after: Record<string, unknown>;
        at: Stamp;
        local_day: string;
      }>;
    };
    const actions = sql.join(
      PAYMENT_UPDATE_ACTIONS.map((action) => sql`${action}`),
      sql`, `,
    );
    const rows = await rowsOf<Row>(sql`
      select p.id::int as payment_id, p.due::text, p.original_due::text, p.method, p.paid_at, p.processing_at,
        p.lock_version, l.customer_id::int as customer_id,
        json_agg(json_build_object('action', e.action, 'employee_id', e.employee_id, 'before', e.before,
          'after', e.after, 'at', e.created_at,
          'local_day', (e.created_at at time zone 'America/Los_Angeles')::date::text) order by e.created_at, e.id) as events
      from audit_events e
        join payments p on e.entity_type = 'payment' and p.id::text = e.entity_id
        join loans l on l.id = p.loan_id
      where e.action in (${actions})
      group by p.id, l.customer_id
      order by p.id`);
    const events = rows.flatMap((row) => row.events);
    const byStaff = events.filter((event) => event.employee_id !== null);
    const byCustomers = events.filter((event) => event.employee_id === null);
    expect(byStaff.length).toBeGreaterThan(byCustomers.length);
    expect(byCustomers.length).toBeGreaterThan(0);
    for (const action of ['payment.rescheduled', 'payment.method_changed'])
      expect(events.filter((event) => event.action === action).length, action).toBeGreaterThan(0);
    // A few percent of the payments.
    const share = rows.length / (await countWhere(payments));
    expect(share).toBeGreaterThan(0.005);
    expect(share).toBeLessThan(0.06);
    // Spread over the past year, none today or later.
    const yearAgo = nowMs - 366 * 24 * HOUR_MS;
    expect(events.filter((event) => msOf(event.at)! < yearAgo || msOf(event.at)! >= nowMs)).toEqual([]);
    expect(new Set(events.map((event) => event.local_day.slice(0, 7))).size).toBeGreaterThanOrEqual(6);

    for (const row of rows) {
      const label = `payment ${row.payment_id}`;
      // Staff rows name the employee; a customer's change has none and says so (decision 036).
      for (const event of row.events) {
        if (event.employee_id === null)
          expect(event.after, label).toMatchObject({ made_by: 'customer', customer_id: row.customer_id });
        else expect(event.after.made_by, label).toBeUndefined();
        // Made before the payment was collected, to a date from that day on.
        expect(msOf(event.at), label).toBeLessThan(msOf(row.paid_at ?? row.processing_at) ?? nowMs);
        if (event.action === 'payment.rescheduled') {
          const due = String(event.after.due);
          expect(due >= event.local_day, `${label} moved on ${event.local_day} to ${due}`).toBe(true);
          expect(isWeekday(due), `${label} moved to ${due}`).toBe(true);
        }
      }
      // Each change starts where the one before ended, and the payment holds the last one.
      const moves = row.events.filter((event) => event.action === 'payment.rescheduled');
      const switches = row.events.filter((event) => event.action === 'payment.method_changed');
      for (const [changes, key, now] of [
        [moves, 'due', row.due],
        [switches, 'method', row.method],
      ] as const) {
        changes.forEach((change, index) => {
          expect(change.before[key], label).not.toBe(change.after[key]);
          if (index > 0) expect(change.before[key], label).toBe(changes[index - 1]!.after[key]);
        });
        if (changes.length > 0) expect(changes[changes.length - 1]!.after[key], label).toBe(now);
      }
      if (moves.length > 0) expect(moves[0]!.before.due, label).toBe(row.original_due);
      expect(row.lock_version, label).toBe(row.events.length);
    }
  });
});
