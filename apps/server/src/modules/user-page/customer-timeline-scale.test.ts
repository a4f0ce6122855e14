import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CustomerTimelineResponse } from '@portal/contracts';
import { createCustomer, createTicket } from '@portal/db/testing';
import { findCustomerMessagesPage } from '../../platform/message-store.ts';
import { callAsStaff } from '../../testing/staff-helpers.ts';
import { useSignedInStaff, useTestApp } from '../../testing/use-test-app.ts';

// Issue 40, part 8: the timeline stays fast for a customer with 100,000 messages. Each source reads
// one page after the cursor: the messages through messages_customer_idx (customer, type, time, id)
// backwards, one branch per channel, never the customer's whole history and never a sort of it.

const t = useTestApp();
const agent = useSignedInStaff(t, { online: false });
const MESSAGES = 100_000;
let customerId: number;

beforeAll(async () => {
  const db = t.database.db;
  const customer = await createCustomer(db, { firstName: 'Many', lastName: 'Messages' });
  customerId = customer.id;
  const ticket = await createTicket(db, { customerId, contact: customer.phoneNumber!, thread: [] });
  await db.execute(sql`
    insert into messages (ticket_id, customer_id, type, inbound, body, from_address, status, created_at)
    select ${ticket.id}, ${customerId}, case when n % 3 = 0 then 'email' else 'text' end, n % 2 = 0,
      'Message number ' || n, ${customer.phoneNumber}, case when n % 2 = 0 then 'received' else 'sent' end,
      timestamptz '2025-01-01T00:00:00Z' + interval '1 minute' * n
    from generate_series(1, ${MESSAGES}) as n`);
  // Many conversations too (their notes are looked up through the customer's tickets).
  await db.execute(sql`
    insert into tickets (customer_id, channel, contact, state, created_at)
    select ${customerId}, 'text', ${customer.phoneNumber}, 'closed', timestamptz '2025-01-01T00:00:00Z' + interval '1 hour' * n
    from generate_series(1, 5000) as n`);
  await db.execute(sql`analyze`);
}, 180_000);

const page = async (query: Record<string, string>) => {
  const response = await callAsStaff(t.app, agent, 'GET', 'customer_timeline', query);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.json() as CustomerTimelineResponse;
};

describe('the timeline of a customer with 100,000 messages', () => {
  it('reads the messages a page at a time through the index, never sorting them all', async () => {
    const query = findCustomerMessagesPage(
      t.database.db,
      customerId,
      { at: '2025-02-01T00:00:00.000000Z', id: 0, sameTime: 'none' },
      51,
    );
    const { rows } = (await t.database.db.execute(sql`explain ${query.getSQL()}`)) as {
      rows: Array<{ 'QUERY PLAN': string }>;
    };
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toContain('messages_customer_idx');
    expect(plan).not.toMatch(/Seq Scan on messages/);
    // The only sort is of the three branches' pages (at most 3 x 51 rows), above their limits.
    for (const line of plan.split('\n').filter((text) => /Sort/.test(text))) expect(line).not.toMatch(/rows=[0-9]{4,}/);
  });

  it('answers the first page and a page deep in the history quickly', async () => {
    const started = performance.now();
    const first = await page({ user_id: String(customerId) });
    const firstMs = performance.now() - started;
    expect(first.items).toHaveLength(50);
    expect(first.items[0]).toMatchObject({ kind: 'message', excerpt: `Message number ${MESSAGES}` });
    expect(first.next_before).not.toBeNull();

    // A cursor half way back (the 50,000th message's time), as "Load older" pages would reach.
    const deepStart = performance.now();
    const deep = await page({
      user_id: String(customerId),
      before: '2025-02-04T17:20:30.000000Z~message~1',
      kinds: 'message,note,staff_action',
    });
    const deepMs = performance.now() - deepStart;
    expect(deep.items[0]).toMatchObject({ kind: 'message', excerpt: 'Message number 50000' });
    expect(deep.items).toHaveLength(50);
    // Bounded by the work, not the machine: a page reads ~150 index rows, whatever the history
    // (the whole history sorted took seconds on PGlite).
    expect(firstMs).toBeLessThan(3_000);
    expect(deepMs).toBeLessThan(3_000);
  }, 60_000);
});
