import { sql } from 'drizzle-orm';
import { createEmployee, DEFAULT_TEST_PASSWORD } from '@portal/db/seed';
import { settleDatabase, startPortal } from './bench-steps.ts';
import { formatMeasurement, measure, rowsOf, signInEmployee, stopServer, withBenchDatabase } from './lib.ts';

// npm run bench:analytics, on PostgreSQL: BENCH_TICKETS (1,000,000) closed tickets over the last
// year, five messages each (BENCH_TICKETS x 5 = 5,000,000: the customer's, an employee's reply, the
// customer's answer, a second reply, a last word) and an auto-response on a third of them, worked by
// 20 employees, with a payment update audited for every fifth. Each analytics call over
// a year (target p99 under 300 ms) and over a month (under 50 ms), 10 connections at once.
const TICKETS = Number(process.env.BENCH_TICKETS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const EMPLOYEES = 20;
const BATCH = 100_000;
const PORT = '3906';
const base = `http://127.0.0.1:${PORT}`;

await withBenchDatabase(async (database, handle) => {
  const started = Date.now();
  const staff: number[] = [];
  for (let index = 1; index <= EMPLOYEES; index += 1)
    staff.push((await createEmployee(handle.db, { email: `bench-cs${index}@portal.example`, roles: ['agent'] })).id);
  const staffArray = sql`${sql.param(staff)}::int[]`;
  // In batches, as the Portal inserts them (statement by statement), so the rollup triggers run as
  // they do in production; the tickets' first responses are set by the messages' trigger.
  for (let first = 1; first <= TICKETS; first += BATCH) {
    const last = Math.min(first + BATCH - 1, TICKETS);
    await handle.db.execute(sql`
      insert into tickets (id, channel, contact, state, created_at, closed_at, closed_by)
      overriding system value
      select g, case when g % 3 = 0 then 'email' else 'text' end, '+1555' || lpad(g::text, 7, '0'), 'closed',
        now() - interval '365 days' * ((g::bigint * 7919) % ${TICKETS})::float8 / ${TICKETS},
        now() - interval '365 days' * ((g::bigint * 7919) % ${TICKETS})::float8 / ${TICKETS} + interval '1 minute' * (30 + g % 600),
        (${staffArray})[1 + g % ${EMPLOYEES}]
      from generate_series(${first}::int, ${last}::int) as g`);
    // A third of the conversations started after hours and were auto-responded, before the customer's
    // next words (the auto-response trigger then sees them follow up).
    await handle.db.execute(sql`
      insert into messages (ticket_id, type, inbound, body, status, auto_response, created_at)
      select t.id, t.channel, false, case when t.id % 2 = 0 then 'We are closed now and will answer when we open.'
        else 'Thanks for writing. Our team is away; we will reply first thing in the morning.' end, 'sent', true,
        t.created_at + interval '30 seconds'
      from tickets t
      where t.id between ${first}::int and ${last}::int and t.id % 3 = 0`);
    await handle.db.execute(sql`
      insert into messages (ticket_id, type, inbound, body, status, employee_id, created_at)
      select t.id, t.channel, k % 2 = 1, 'Benchmark message', case when k % 2 = 1 then 'received' else 'sent' end,
        case when k % 2 = 0 then t.closed_by end,
        t.created_at + interval '1 minute' * ((k - 1) * (5 + t.id % 90))
      from tickets t cross join generate_series(1, 5) as k
      where t.id between ${first}::int and ${last}::int`);
    // Payment updates, one for every five conversations: by staff, and one in five by the customer.
    await handle.db.execute(sql`
      insert into audit_events (employee_id, action, entity_type, entity_id, created_at)
      select case when t.id % 25 = 0 then null else t.closed_by end,
        (array['payment.rescheduled', 'payment.method_changed', 'payment.made_larger', 'payment.split'])[1 + t.id % 4],
        'payment', t.id::text, t.closed_at
      from tickets t
      where t.id between ${first}::int and ${last}::int and t.id % 5 = 0`);
    process.stdout.write(`\rtickets ${last.toLocaleString('en-US')} of ${TICKETS.toLocaleString('en-US')}`.padEnd(60));
  }
  await handle.exec(`select setval('tickets_id_seq', ${TICKETS})`);
  const [counts] = await rowsOf<{ tickets: number; messages: number; hours: number }>(
    handle,
    sql`select (select count(*) from tickets)::int as tickets, (select count(*) from messages)::int as messages,
        (select count(*) from message_hourly_counts)::int as hours`,
  );
  await settleDatabase(handle);
  await handle.close();
  console.log(
    `\ndata: ${counts?.tickets.toLocaleString('en-US')} tickets, ${counts?.messages.toLocaleString('en-US')} messages (${counts?.hours.toLocaleString('en-US')} hourly rollup rows) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const portal = await startPortal(PORT, database.url);
  try {
    const token = await signInEmployee(base, 'bench-cs1@portal.example', DEFAULT_TEST_PASSWORD);
    const headers = { authorization: `Bearer ${token}` };
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
    const daysBack = (days: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
    const ranges = [
      { label: 'year', start: daysBack(364), target: 300 },
      { label: 'month', start: daysBack(29), target: 50 },
    ];
    const calls = [
      'total_number_of_conversations',
      'average_first_response_time',
      'adjusted_average_first_response_time',
      'total_outbound_messages',
      'total_inbound_messages',
      'text_email_analytics',
      'employee_ticket_analytics',
      'employee_list',
      'update_payment_analytics',
      'auto_response_analytics',
    ];
    console.log(`\nPostgreSQL, ${CONNECTIONS} connections, ${SECONDS} s each`);
    const verdicts: string[] = [];
    for (const range of ranges)
      for (const call of calls) {
        const url = `${base}/internal/api/${call}?start_date=${range.start}&end_date=${today}`;
        const check = await fetch(url, { headers });
        if (!check.ok) throw new Error(`${call} answered ${check.status}: ${await check.text()}`);
        const result = await measure({ url, connections: CONNECTIONS, seconds: SECONDS, headers });
        console.log(formatMeasurement(`${call} (${range.label})`, result));
        // No answer within the run (autocannon's 10 s timeout) is no figure at all.
        const met = result.requestsPerSecond > 0 && result.p99 < range.target;
        const p99 = result.requestsPerSecond > 0 ? `${result.p99} ms` : 'no answer within the run';
        verdicts.push(
          `${call} over a ${range.label}: p99 ${p99} (target under ${range.target} ms: ${met ? 'MET' : 'NOT MET'})`,
        );
      }
    console.log(`\n${verdicts.join('\n')}`);
  } finally {
    await stopServer(portal);
  }
});
