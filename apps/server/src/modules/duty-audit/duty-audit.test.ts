import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DutyAuditResponse } from '@portal/contracts';
import {
  achEntries,
  achFiles,
  auditEvents,
  bankAccounts,
  bounces,
  customerBankruptcies,
  customers,
  debitStops,
  messages,
  payments,
} from '@portal/db';
import { createCustomer, createLoan, storedBankNumbers } from '@portal/db/testing';
import { countWrites } from '../../testing/row-counts.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { DUTY_AUDIT_ACTION } from './run-duty-audit.ts';

// GET duty_audit through the app. Breaches are planted by writing rows directly, as a door that was
// wrong would have left them (each delivery even carries the door's "passed" mark, which the audit
// must not trust), beside clean rows of the same customers; the report must name exactly the
// planted ones, each with its rule. Business time zone: America/Los_Angeles (PST, UTC-8, in
// November 2026).

const t = useTestApp();
const compliance = useStaffSession(t, ['compliance']);
const agent = useStaffSession(t, ['agent']);

const auditOf = (query: string, headers = compliance.headers) =>
  t.app.inject({ method: 'GET', url: `/internal/api/duty_audit?${query}`, headers });

// Every finding the report should list, as 'message:<id>:<rule>' or 'payment:<id>:<rule>'.
const expected = new Set<string>();
const planted = (record: 'message' | 'payment', id: number, rule: string) => expected.add(`${record}:${id}:${rule}`);

type Delivery = {
  customerId: number;
  type: 'text' | 'email';
  sentAt: string;
  sendingPath: string;
  purpose: 'collection' | 'servicing';
};

async function deliver(delivery: Delivery): Promise<number> {
  const sentAt = new Date(delivery.sentAt);
  const [row] = await t.database.db
    .insert(messages)
    .values({
      customerId: delivery.customerId,
      type: delivery.type,
      inbound: false,
      body: 'Planted delivery',
      toAddress: delivery.type === 'email' ? 'customer@example.com' : null,
      status: 'sent',
      sendingPath: delivery.sendingPath,
      purpose: delivery.purpose,
      // What a wrong door would have written: passed, never held.
      doorPassedAt: sentAt,
      heldUntil: null,
      sentAt,
      createdAt: new Date(sentAt.getTime() - 60_000),
    })
    .returning({ id: messages.id });
  return row!.id;
}

const servicingText = (customerId: number, sentAt: string) =>
  deliver({ customerId, type: 'text', sentAt, sendingPath: 'ticket_reply', purpose: 'servicing' });
const collectionText = (customerId: number, sentAt: string) =>
  deliver({ customerId, type: 'text', sentAt, sendingPath: 'ticket_reply', purpose: 'collection' });

async function present(paymentId: number, presentedAt: string) {
  await t.database.db
    .update(payments)
    .set({ presentedAt: new Date(presentedAt), processingAt: new Date(presentedAt) })
    .where(eq(payments.id, paymentId));
}

beforeAll(async () => {
  const db = t.database.db;

  // A text at 10 pm in the customer's zone (Oregon), and one at noon.
  const night = await createCustomer(db, { state: 'OR' });
  planted('message', await servicingText(night.id, '2026-11-10T06:00:00Z'), 'contact_hours');
  await servicingText(night.id, '2026-11-10T20:00:00Z');

  // An email after a cease request (switched on through the audited flag change), one before it.
  const ceased = await createCustomer(db, { state: 'OR' });
  await db
    .update(customers)
    .set({ cease: true, ceaseReason: 'Letter', ceaseAt: new Date('2026-11-05T18:00:00Z') })
    .where(eq(customers.id, ceased.id));
  await db.insert(auditEvents).values({
    employeeId: agent.employeeId,
    action: 'customer.cease_on',
    entityType: 'customer',
    entityId: String(ceased.id),
    after: { cease: true, reason: 'Letter', context: null },
    createdAt: new Date('2026-11-05T18:00:00Z'),
  });
  const servicingEmail = (sentAt: string) =>
    deliver({ customerId: ceased.id, type: 'email', sentAt, sendingPath: 'composer', purpose: 'servicing' });
  await servicingEmail('2026-11-04T18:00:00Z');
  planted('message', await servicingEmail('2026-11-06T18:00:00Z'), 'cease');

  // A collection email during an open chapter 7 stay; a receipt the customer asked for then, and a
  // collection email before the filing, are clean.
  const bankrupt = await createCustomer(db, { state: 'OR' });
  await db.insert(customerBankruptcies).values({
    customerId: bankrupt.id,
    caseNumber: '26-31001',
    chapter: 7,
    filedOn: '2026-11-02',
    consumerInformationIndicator: 'E',
  });
  const email = (sentAt: string, sendingPath: string, purpose: 'collection' | 'servicing') =>
    deliver({ customerId: bankrupt.id, type: 'email', sentAt, sendingPath, purpose });
  await email('2026-11-01T18:00:00Z', 'collection_letter', 'collection');
  planted('message', await email('2026-11-12T18:00:00Z', 'collection_letter', 'collection'), 'bankruptcy_stay');
  await email('2026-11-12T19:00:00Z', 'password_reset', 'servicing');

  // Four collection texts in a week: the fourth is over the cap of three.
  const texted = await createCustomer(db, { state: 'OR' });
  for (const day of ['16', '17', '18']) await collectionText(texted.id, `2026-11-${day}T18:00:00Z`);
  planted('message', await collectionText(texted.id, '2026-11-19T18:00:00Z'), 'collection_cap');
  // A week after the first, the count has room again.
  await collectionText(texted.id, '2026-11-26T19:00:00Z');

  // A debit after a recorded stop; one before it is clean.
  const stopped = await createCustomer(db, { state: 'OR' });
  const stoppedLoan = await createLoan(db, { customerId: stopped.id, fundedOn: '2026-08-01' });
  await db.insert(debitStops).values({
    customerId: stopped.id,
    stoppedAt: new Date('2026-11-08T12:00:00Z'),
    bounceIds: [],
    reason: 'Automatic debits stopped after two consecutive returned withdrawals.',
  });
  await present(stoppedLoan.payments[2]!.id, '2026-11-02T12:00:00Z');
  await present(stoppedLoan.payments[3]!.id, '2026-11-09T12:00:00Z');
  planted('payment', stoppedLoan.payments[3]!.id, 'debit_stop');

  // Two returns in a row that no stop was recorded for, then a debit: 12 CFR 1041.8(b) still says
  // stop. And a debit after an unauthorized return (R07), with no stop recorded either.
  const failed = await createCustomer(db, { state: 'OR' });
  const failedLoan = await createLoan(db, { customerId: failed.id, fundedOn: '2026-08-01' });
  for (const [index, bouncedOn] of [
    [0, '2026-09-03'],
    [1, '2026-10-03'],
  ] as const) {
    const payment = failedLoan.payments[index]!;
    await db.insert(bounces).values({
      paymentId: payment.id,
      loanId: failedLoan.loan.id,
      returnCode: 'R01',
      bouncedOn,
      amountCents: payment.expectedAmountCents,
    });
  }
  await present(failedLoan.payments[2]!.id, '2026-11-03T12:00:00Z');
  planted('payment', failedLoan.payments[2]!.id, 'failed_debit_stop');

  // One return on each of two bank accounts, then a debit: 12 CFR 1041.8(b) counts per account,
  // so no stop applied (clean), as the door judges it (the returns tied to their accounts by the ACH
  // entries that presented them).
  const switched = await createCustomer(db, { state: 'OR' });
  const switchedLoan = await createLoan(db, { customerId: switched.id, fundedOn: '2026-08-01' });
  const [firstAccount] = await db.select().from(bankAccounts).where(eq(bankAccounts.customerId, switched.id));
  const [secondAccount] = await db
    .insert(bankAccounts)
    .values({ customerId: switched.id, ...storedBankNumbers({ routing: '011000015', account: '998877' }) })
    .returning();
  const [file] = await db
    .insert(achFiles)
    .values({
      status: 'ready',
      effectiveDate: '2026-09-03',
      processingDate: '2026-09-02',
      fileIdModifier: 'A',
      firstTraceSequence: 1,
      builtBy: compliance.employeeId,
    })
    .returning();
  for (const [index, bouncedOn, account] of [
    [0, '2026-09-03', firstAccount!],
    [1, '2026-10-03', secondAccount!],
  ] as const) {
    const payment = switchedLoan.payments[index]!;
    const [bounce] = await db
      .insert(bounces)
      .values({
        paymentId: payment.id,
        loanId: switchedLoan.loan.id,
        returnCode: 'R01',
        bouncedOn,
        amountCents: payment.expectedAmountCents,
      })
      .returning();
    await db.insert(achEntries).values({
      fileId: file!.id,
      paymentId: payment.id,
      kind: 'debit',
      amountCents: payment.expectedAmountCents,
      traceNumber: `09999999000000${index}`,
      sequence: index + 1,
      bankAccountId: account.id,
      returnedBounceId: bounce!.id,
    });
  }
  await present(switchedLoan.payments[2]!.id, '2026-11-03T12:00:00Z');

  const revoked = await createCustomer(db, { state: 'OR' });
  const revokedLoan = await createLoan(db, { customerId: revoked.id, fundedOn: '2026-08-01', paidInstallments: 1 });
  await db.insert(bounces).values({
    paymentId: revokedLoan.payments[1]!.id,
    loanId: revokedLoan.loan.id,
    returnCode: 'R07',
    bouncedOn: '2026-10-03',
    amountCents: revokedLoan.payments[1]!.expectedAmountCents,
  });
  await present(revokedLoan.payments[2]!.id, '2026-11-03T12:00:00Z');
  planted('payment', revokedLoan.payments[2]!.id, 'unauthorized_return');

  // A debit during the open stay of the bankrupt customer above.
  const bankruptLoan = await createLoan(db, { customerId: bankrupt.id, fundedOn: '2026-08-01', paidInstallments: 2 });
  await present(bankruptLoan.payments[2]!.id, '2026-11-04T12:00:00Z');
  planted('payment', bankruptLoan.payments[2]!.id, 'debit_bankruptcy_stay');

  // Outside the range: a night text on October 31 (Pacific), which the report must not read.
  await servicingText(night.id, '2026-11-01T04:30:00Z');
});

describe('GET duty_audit', () => {
  it('reports every planted breach with its rule, and no clean record', async () => {
    const response = await auditOf('from=2026-11-01&to=2026-11-30');
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<DutyAuditResponse>();
    const found = report.breaches.map((breach) => `${breach.record}:${breach.record_id}:${breach.rule}`);
    expect(new Set(found)).toEqual(expected);
    expect(found).toHaveLength(expected.size);
    expect(report).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-30',
      time_zone: 'America/Los_Angeles',
      breach_count: expected.size,
      // One of each duty planted.
      by_rule: Object.fromEntries([...expected].map((key) => [key.split(':')[2], 1])),
      truncated: false,
      messages_checked: 12,
      debits_checked: 6,
    });
    const night = report.breaches.find((breach) => breach.rule === 'contact_hours')!;
    expect(night.sentence).toMatch(/1[01]:00 pm/);
    expect(report.breaches.find((breach) => breach.rule === 'cease')!.sentence).toMatch(/cease communication/);
    // In time order.
    expect(report.breaches.map((breach) => breach.at)).toEqual(report.breaches.map((breach) => breach.at).sort());
  });

  it('records who ran it, on which range, and what it found', async () => {
    await auditOf('from=2026-11-01&to=2026-11-15');
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, DUTY_AUDIT_ACTION))
      .orderBy(auditEvents.id);
    expect(event).toMatchObject({ employeeId: compliance.employeeId, entityType: 'duty_audit' });
    expect(event!.after).toMatchObject({ from: '2026-11-01', to: '2026-11-30', breach_count: expected.size });
  });

  it('refuses without the permission (403) and a bad range (400), writing nothing', async () => {
    const before = await countWrites(t.database.db);
    const refused = await auditOf('from=2026-11-01&to=2026-11-30', agent.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ errors: string[] }>().errors[0]).toMatch(/compliance/);
    const bad: Array<[string, RegExp]> = [
      ['from=2026-11-30&to=2026-11-01', /from must be on or before to/],
      ['from=2026-01-01&to=2026-04-03', /at most 93 days; this one is 93|at most 93 days/],
      ['from=2026-01-01&to=2026-04-04', /at most 93 days; this one is 94/],
      ['from=2026-02-30&to=2026-03-02', /from is a date/],
      ['from=yesterday&to=2026-03-02', /YYYY-MM-DD/],
      ['to=2026-03-02', /from is required/],
      ['from=2026-03-02', /to is required/],
    ];
    for (const [query, error] of bad) {
      const response = await auditOf(query);
      if (query === 'from=2026-01-01&to=2026-04-03') {
        // 93 days, both ends counted: the longest range allowed.
        expect(response.statusCode, query).toBe(200);
        continue;
      }
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ errors: string[] }>().errors.join(' '), query).toMatch(error);
    }
    const after = await countWrites(t.database.db);
    // The one run allowed above is audited; nothing else was written.
    expect(after).toEqual({ ...before, auditEvents: before.auditEvents + 1 });
  });
});
