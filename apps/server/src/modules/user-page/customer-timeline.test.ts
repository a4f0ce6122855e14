import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  TIMELINE_CURSOR_MESSAGE,
  TIMELINE_KINDS,
  handleOfEmail,
  type CustomerTimelineResponse,
  type TimelineItem,
} from '@portal/contracts';
import { auditEvents, bounces, documents, messages, payments } from '@portal/db';
import { createCustomer, createTicket } from '@portal/db/testing';
import { insertDispute } from '../../testing/dispute-test-helpers.ts';
import { expectErrors } from '../../testing/error-answers.ts';
import { createActiveLoan } from '../../testing/loan-helpers.ts';
import { countWrites } from '../../testing/row-counts.ts';
import { callAsStaff } from '../../testing/staff-helpers.ts';
import { useSignedInStaff, useTestApp } from '../../testing/use-test-app.ts';

// Issue 40, part 8: GET customer_timeline, the customer's history in one list, newest first.
const t = useTestApp();
const agent = useSignedInStaff(t, { name: 'Tim Timeline', online: false });
const colleague = useSignedInStaff(t, { name: 'Cora Colleague', online: false });

const timeline = (query: Record<string, string | number>, headers = agent.headers) =>
  callAsStaff(t.app, { headers }, 'GET', 'customer_timeline', query as Record<string, string>);
async function pageOf(query: Record<string, string | number>): Promise<CustomerTimelineResponse> {
  const response = await timeline(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
// Every item, page after page of `limit`.
async function everyItem(customerId: number, limit: number, kinds?: string): Promise<TimelineItem[]> {
  const items: TimelineItem[] = [];
  let before: string | null = null;
  for (let pages = 0; pages < 100; pages += 1) {
    const page: CustomerTimelineResponse = await pageOf({
      user_id: customerId,
      limit,
      ...(kinds ? { kinds } : {}),
      ...(before ? { before } : {}),
    });
    expect(page.items.length).toBeLessThanOrEqual(limit);
    items.push(...page.items);
    before = page.next_before;
    if (before === null) return items;
  }
  throw new Error('the timeline did not end');
}

const at = (iso: string) => new Date(iso);
let customerId: number;
let loanId: number;
let ticketId: number;
let rescheduledId: number;

beforeAll(async () => {
  const db = t.database.db;
  const { customer, loan, paid, schedule } = await createActiveLoan(db, { firstName: 'Tia', lastName: 'Line' });
  customerId = customer.id;
  loanId = loan.id;
  rescheduledId = schedule[3]!.id;
  // A return on the third payment, sent to the bank on 2026-11-02.
  const returned = schedule[2]!;
  await db
    .update(payments)
    .set({ presentedAt: at('2026-11-02T15:00:00Z') })
    .where(eq(payments.id, returned.id));
  await db.insert(bounces).values({
    paymentId: returned.id,
    loanId: loan.id,
    returnCode: 'R01',
    bouncedOn: '2026-11-04',
    amountCents: returned.expectedAmountCents,
    feeCents: 1500,
  });
  expect(paid.paidAt).not.toBeNull();

  const ticket = await createTicket(db, {
    customerId,
    contact: customer.phoneNumber!,
    thread: ['My SSN is 123-45-6789, can you check my account?'],
    createdAt: at('2026-11-10T18:00:00Z'),
  });
  ticketId = ticket.id;
  await db.insert(messages).values({
    ticketId,
    customerId,
    type: 'email',
    inbound: false,
    subject: 'Your payment',
    body: 'We moved your payment.',
    toAddress: customer.email,
    status: 'undelivered',
    error: 'Not sent: the customer is marked Do Not Contact.',
    employeeId: agent.id,
    createdAt: at('2026-11-12T18:00:00Z'),
  });
  await db.insert(documents).values({
    customerId,
    loanId,
    name: 'account-status.pdf',
    kind: 'account_status_letter',
    storageKey: 'letters/a.pdf',
    createdAt: at('2026-11-13T18:00:00Z'),
  });
  await insertDispute(db, { customerId, type: 'Dispute::DebtValidation', receivedAt: at('2026-11-14T18:00:00Z') });
  // Staff actions: a phone change, and a reason with an SSN and an account number typed into it.
  await db.insert(auditEvents).values([
    {
      employeeId: agent.id,
      action: 'customer.field_changed',
      entityType: 'customer',
      entityId: String(customerId),
      before: { phone_number: '5035550100' },
      after: { phone_number: '5035550199' },
      createdAt: at('2026-11-15T18:00:00Z'),
    },
    {
      employeeId: agent.id,
      action: 'customer.dnc_on',
      entityType: 'customer',
      entityId: String(customerId),
      before: { dnc: false },
      after: { dnc: true, reason: 'User requested', context: 'Said SSN 987-65-4321, account 000123456789' },
      createdAt: at('2026-11-16T18:00:00Z'),
    },
    {
      employeeId: null,
      action: 'customer.bank_account_changed',
      entityType: 'customer',
      entityId: String(customerId),
      before: { account_number: '111122223333', routing_number: '121000358' },
      after: { account_number: '444455556666', routing_number: '121000358' },
      createdAt: at('2026-11-17T18:00:00Z'),
    },
    {
      employeeId: agent.id,
      action: 'payment.rescheduled',
      entityType: 'payment',
      entityId: String(schedule[3]!.id),
      before: { due: '2026-12-01' },
      after: { due: '2026-12-08' },
      createdAt: at('2026-11-18T18:00:00Z'),
    },
  ]);
  // A note on the customer's ticket @mentioning a colleague, written at the test clock's now.
  const note = await callAsStaff(t.app, agent, 'POST', 'ticket_notes', {
    ticket_id: ticketId,
    body: `@${handleOfEmail(colleague.email)} the customer sent their SSN 123-45-6789 in a text`,
  });
  expect(note.statusCode, note.body).toBe(200);
});

describe('GET customer_timeline', () => {
  it('answers every kind in one list, newest first, each in words', async () => {
    const { items, kinds, next_before } = await pageOf({ user_id: customerId });
    expect(kinds).toEqual([...TIMELINE_KINDS]);
    expect(next_before).toBeNull();
    const times = items.map((item) => item.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set(items.map((item) => item.kind))).toEqual(
      new Set(['message', 'payment', 'return', 'letter', 'dispute', 'note', 'staff_action']),
    );
    expect(items[0]).toMatchObject({ kind: 'note', author_name: 'Tim Timeline', ticket_id: ticketId });

    const byKind = <K extends TimelineItem['kind']>(kind: K) =>
      items.filter((item): item is Extract<TimelineItem, { kind: K }> => item.kind === kind);
    expect(byKind('message')).toEqual([
      expect.objectContaining({
        channel: 'email',
        inbound: false,
        status: 'undelivered',
        error: 'Not sent: the customer is marked Do Not Contact.',
        employee_name: 'Tim Timeline',
      }),
      expect.objectContaining({ channel: 'text', inbound: true, status: 'received', employee_name: null }),
    ]);
    expect(byKind('return')).toEqual([
      expect.objectContaining({ loan_id: loanId, return_code: 'R01', return_title: 'Insufficient Funds', fee: 15 }),
    ]);
    expect(byKind('payment').map((item) => item.status)).toEqual(['paid', 'returned', 'paid']);
    expect(byKind('letter')).toEqual([expect.objectContaining({ title: 'Account status letter', loan_id: loanId })]);
    expect(byKind('dispute')).toEqual([
      expect.objectContaining({ type: 'Dispute::DebtValidation', resolved_at: null }),
    ]);
    expect(byKind('staff_action').map((item) => [item.employee_name, item.sentence])).toEqual(
      expect.arrayContaining([
        ['Tim Timeline', `Payment ${rescheduledId} rescheduled (due 2026-12-01 → 2026-12-08).`],
        [null, 'Bank account changed.'],
        ['Tim Timeline', 'Changed the personal information (phone 5035550100 → 5035550199).'],
      ]),
    );
  });

  it('never shows SSN digits or bank account numbers', async () => {
    const { items } = await pageOf({ user_id: customerId });
    const text = JSON.stringify(items);
    for (const secret of ['123-45-6789', '987-65-4321', '000123456789', '111122223333', '444455556666', '121000358'])
      expect(text).not.toContain(secret);
    const dnc = items.find((item) => item.kind === 'staff_action' && item.action === 'customer.dnc_on');
    expect(dnc).toMatchObject({
      sentence:
        'Turned DNC (do not contact) on (DNC off → on; reason User requested; context Said SSN ***-**-4321, account ********6789).',
    });
    expect(items.find((item) => item.kind === 'message' && item.inbound)).toMatchObject({
      excerpt: 'My SSN is ***-**-6789, can you check my account?',
    });
    expect(items.find((item) => item.kind === 'note')).toMatchObject({
      body: expect.stringContaining('their SSN ***-**-6789 in a text'),
    });
  });

  it('lists only the kinds asked for; a return comes with the payments', async () => {
    const { items, kinds } = await pageOf({ user_id: customerId, kinds: 'note,message' });
    expect(kinds).toEqual(['message', 'note']);
    expect(items.map((item) => item.kind)).toEqual(['note', 'message', 'message']);
    const money = await pageOf({ user_id: customerId, kinds: 'payment' });
    expect(new Set(money.items.map((item) => item.kind))).toEqual(new Set(['payment', 'return']));
  });

  it('pages by a cursor: every item once, in the same order, whatever the page size', async () => {
    const whole = (await pageOf({ user_id: customerId, limit: 200 })).items.map((item) => item.key);
    for (const limit of [1, 2, 3, 5])
      expect((await everyItem(customerId, limit)).map((item) => item.key)).toEqual(whole);
  });

  it('keeps rows written at the very same instant in one order across pages', async () => {
    const db = t.database.db;
    const customer = await createCustomer(db);
    const instant = at('2026-11-19T12:00:00.123456Z');
    const ticket = await createTicket(db, { customerId: customer.id, contact: customer.phoneNumber!, thread: [] });
    await db.insert(messages).values(
      [1, 2, 3].map((n) => ({
        ticketId: ticket.id,
        customerId: customer.id,
        type: 'text' as const,
        inbound: true,
        body: `Same instant ${n}`,
        status: 'received' as const,
        createdAt: instant,
      })),
    );
    await db.insert(auditEvents).values(
      [1, 2].map(() => ({
        employeeId: agent.id,
        action: 'customer.hotlink_created',
        entityType: 'customer',
        entityId: String(customer.id),
        createdAt: instant,
      })),
    );
    // The same microsecond, as the database keeps it (a JavaScript Date has milliseconds only).
    const micro = '2026-11-19T12:00:00.123456Z';
    await db.execute(sql`update messages set created_at = ${micro}::timestamptz where customer_id = ${customer.id}`);
    await db.execute(
      sql`update audit_events set created_at = ${micro}::timestamptz where entity_type = 'customer' and entity_id = ${String(customer.id)}`,
    );
    const whole = (await pageOf({ user_id: customer.id })).items.map((item) => item.key);
    expect(whole).toHaveLength(5);
    for (const limit of [1, 2, 4]) expect((await everyItem(customer.id, limit)).map((item) => item.key)).toEqual(whole);
  });

  it('answers an empty list for a customer with no history, 404 for no customer, 400 for bad input', async () => {
    const quiet = await createCustomer(t.database.db);
    expect(await pageOf({ user_id: quiet.id })).toEqual({
      user_id: quiet.id,
      kinds: [...TIMELINE_KINDS],
      items: [],
      next_before: null,
    });
    const before = await countWrites(t.database.db);
    expectErrors(await timeline({ user_id: 987_654_321 }), 404, ['Customer 987654321 was not found.']);
    expectErrors(await timeline({ user_id: customerId, kinds: 'messages' }), 400, [
      `Each kind is one of ${TIMELINE_KINDS.join(', ')}.`,
    ]);
    expectErrors(await timeline({ user_id: customerId, before: 'yesterday' }), 400, [TIMELINE_CURSOR_MESSAGE]);
    expectErrors(await timeline({ user_id: customerId, before: '2026-11-19T12:00:00.000000Z~mail~1' }), 400, [
      TIMELINE_CURSOR_MESSAGE,
    ]);
    expect((await timeline({ user_id: customerId }, {} as never)).statusCode).toBe(401);
    expect(await countWrites(t.database.db)).toEqual(before);
  });
});
