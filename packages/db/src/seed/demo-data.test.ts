import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { ssnProblem } from '@portal/contracts';
import type { PgTable } from 'drizzle-orm/pg-core';
import { openTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import {
  customers,
  employeeRoles,
  loans,
  macros,
  macroTags,
  messages,
  payments,
  roles,
  tickets,
} from '../schema/index.ts';
import { createClock } from './calendar.ts';
import { DEMO_EMAIL, seedDemoData, type DemoSummary } from './demo-data.ts';
import { findEmployeeByEmail, isDatabaseEmpty } from './index.ts';
import { loanTotalCents } from './loan-schedule.ts';
import type { SealSsn } from './seed-context.ts';
import { verifyPassword } from '../password-hash.ts';

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
    expect(await isDatabaseEmpty(first.db)).toBe(false);
    const [created] = await second.db
      .insert(customers)
      .values({ firstName: 'New', lastName: 'Customer', email: 'new@example.com' })
      .returning();
    expect(created?.id).toBe(CUSTOMERS + 1);
    await second.db.delete(customers).where(eq(customers.id, CUSTOMERS + 1));
  });

  it('is deterministic: the same seed gives the same rows', async () => {
    for (const table of [customers, loans, payments, tickets, messages]) {
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
    const named = [
      'change_email',
      'change_phone',
      'change_dob',
      'custom_payment',
      'change_payment_date',
      'update_payment_method',
      'cancel_early_repay',
      'handle_credit_bounce',
      'calc_early_repay',
      'set_early_repay',
    ];
    const stored = await first.db.select({ title: macros.title }).from(macros);
    expect(stored.map((macro) => macro.title)).toEqual(expect.arrayContaining(named));
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
});
