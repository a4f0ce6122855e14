import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@portal/db';
import {
  createBenchEmployees,
  formatHealth,
  measureFlatAndPaced,
  p99Verdict,
  pollHealth,
  settleDatabase,
  signInEmployees,
  startPortal,
} from './bench-steps.ts';
import { formatMeasurement, stopServer, withBenchDatabase } from './lib.ts';

// npm run bench:deadlines, on PostgreSQL (issue 39): GET deadlines over 150,000 open items of the
// five queues with a deadline (ACDVs, direct disputes, frivolous notices owed, bankruptcy notices,
// notices to mail), beside 150,000 closed ones, asked by 20 employees of the credit reporting desk
// (whose own queues are all five): the screen's first page (scope=due_now), the whole list's first
// page, and a page deep in it. Flat out and paced, with GET health asked back to back meanwhile.
// Target: p99 under 50 ms.
const EMPLOYEES = 20;
const OPEN = Number(process.env.BENCH_ITEMS ?? 150_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// Staff open the deadlines screen now and then; it polls every 30 s. 2 a second each is far above.
const PACED_RATE = Number(process.env.BENCH_RATE_PER_EMPLOYEE ?? 2);
const TARGET_MS = 50;
const PORT = '3907';
const base = `http://127.0.0.1:${PORT}`;

await withBenchDatabase(async (database, handle) => {
  const emails = await createBenchEmployees(handle, {
    name: 'deadlines',
    count: EMPLOYEES,
    roles: ['agent', 'credit_reporting'],
  });
  const started = Date.now();
  const counts = await generateOpenItems(handle, OPEN);
  await settleDatabase(handle);
  await handle.close();
  console.log(
    `data: ${Object.entries(counts)
      .map(([queue, count]) => `${count.toLocaleString('en-US')} ${queue}`)
      .join(', ')} open, as many closed (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );

  const portal = await startPortal(PORT, database.url);
  try {
    const tokens = await signInEmployees(base, emails);
    const deep = await cursorDeepIn(tokens[0]!);
    const idle = await pollHealth(base, 2_000);
    console.log(formatHealth('at idle', idle));
    for (const [label, query] of [
      ['the screen: scope=due_now, first page', 'scope=due_now'],
      ['all, first page', 'scope=all'],
      ['all, a page 50,000 items in', `scope=all&after=${encodeURIComponent(deep)}`],
    ] as const) {
      const url = `${base}/internal/api/deadlines?${query}`;
      let running = true;
      const health = pollHealth(base, null, () => running);
      const { flat, paced } = await measureFlatAndPaced(
        tokens.map((token) => ({ url, token })),
        PACED_RATE,
        SECONDS,
      );
      running = false;
      console.log(`\nGET deadlines, ${label}: ${EMPLOYEES} employees at once`);
      console.log(formatMeasurement('  flat out', flat));
      console.log(formatMeasurement(`  paced (${PACED_RATE}/s each)`, paced));
      console.log(`  ${formatHealth('meanwhile', await health)}`);
      console.log(`  target p99 under ${TARGET_MS} ms: ${p99Verdict(flat, paced, TARGET_MS)}`);
    }
  } finally {
    await stopServer(portal);
  }
});

// Where a page 50,000 items into the whole list starts: followed page by page (500 a page), as an
// employee paging through would.
async function cursorDeepIn(token: string): Promise<string> {
  let after: string | null = null;
  for (let page = 0; page < 100; page += 1) {
    const url = `${base}/internal/api/deadlines?scope=all&limit=500${after ? `&after=${encodeURIComponent(after)}` : ''}`;
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { next_after: string | null };
    if (body.next_after === null) break;
    after = body.next_after;
  }
  if (after === null) throw new Error('The list has no second page.');
  return after;
}

// Rows as the product leaves them, written by the database itself (generate_series): open items due
// from 40 days ago to 45 days ahead (so some are overdue, some due today), and as many closed.
async function generateOpenItems(handle: DatabaseHandle, open: number): Promise<Record<string, number>> {
  const acdvs = Math.round(open * 0.3);
  const disputes = Math.round(open * 0.3);
  const frivolous = Math.round(open * 0.03);
  const notices = open - acdvs - disputes - frivolous - 100;
  const due = (n: string) => sql.raw(`(current_date - 40 + (${n} % 86))`);
  await handle.db.execute(sql`
    insert into acdv_requests (control_number, dispute_code, received_on, response_due_on, consumer, account, responded_at)
    select 'BENCH-DL-' || n, '001', ${due('n')} - 30, ${due('n')},
      jsonb_build_object('firstName', 'First' || n, 'lastName', 'Last' || n), jsonb_build_object('accountNumber', n::text),
      case when n > ${acdvs} then now() end
    from generate_series(1, ${acdvs * 2}) as n`);
  await handle.db.execute(sql`
    insert into disputes (received_at, letter_received_on, due_date, file_name, storage_key, first_name, last_name, type,
      frivolous_at, frivolous_reason, resolved_at, updated_at)
    select now() - interval '1 day' * (n % 30), current_date - (n % 30), ${due('n')}, 'dispute-' || n || '.pdf',
      'disputes/bench-dl-' || n || '.pdf', 'First' || n, 'Last' || n, 'Dispute::Other',
      case when n <= ${frivolous} then now() - interval '2 days' end, case when n <= ${frivolous} then 'Same letter' end,
      case when n > ${disputes + frivolous} then now() end, now()
    from generate_series(1, ${(disputes + frivolous) * 2}) as n`);
  await handle.db.execute(sql`
    insert into bankruptcy_notices (file_name, storage_key, type, parsed_data, has_text, due_on, processed_at, created_at,
      updated_at)
    select 'notice-' || n || '.pdf', 'bankruptcy-notices/bench-dl-' || n || '.pdf', 'BankruptcyNotice::InitialFiling',
      jsonb_build_object('debtor_name', 'Debtor ' || n), true, ${due('n')},
      case when n > ${notices} then now() end, now() - interval '1 minute' * n, now()
    from generate_series(1, ${notices * 2}) as n`);
  await handle.db.execute(sql`
    insert into messages (customer_id, type, inbound, subject, body, to_address, status, legally_required, sending_path,
      error, created_at)
    select null, 'email', false, 'Alert: we can no longer withdraw your loan payments automatically', 'Notice ' || n,
      'customer' || n || '@example.com', 'undelivered', true, 'consumer_rights_notice', '550 Mailbox unavailable',
      now() - interval '1 hour' * n
    from generate_series(1, 100) as n`);
  return {
    ACDVs: acdvs,
    'direct disputes': disputes,
    'frivolous notices owed': frivolous,
    'bankruptcy notices': notices,
    'notices to mail': 100,
  };
}
