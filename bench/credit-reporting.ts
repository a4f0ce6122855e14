import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createSsnSealer } from '../apps/server/src/modules/customers/index.ts';
import { createBenchEmployees, p99Verdict, settleDatabase, signInEmployees, startPortal } from './bench-steps.ts';
import { measurePaced } from './paced.ts';
import {
  formatMeasurement,
  measurePerEmployee,
  rowsOf,
  seedDemoCustomers,
  stopServer,
  withBenchDatabase,
} from './lib.ts';

// npm run bench:credit-reporting, on PostgreSQL with BENCH_USERS demo customers (SSNs sealed):
// 1. The FCRA lookup (GET fcra_dashboard/fcra_lookup) of a loan with 7 years of weekly payments
//    (364), 20 employees at once, each its own loan and a report date that moves: p99 under 50 ms.
// 2. The Metro 2 correction file of BENCH_ADJUSTMENTS (10,000) waiting adjustments on as many
//    loans (POST cr_adj/correction_file: read, computed, written, checked, stored): under 5 s.
const EMPLOYEES = 20;
const CUSTOMERS = Number(process.env.BENCH_USERS ?? 20_000);
const ADJUSTMENTS = Number(process.env.BENCH_ADJUSTMENTS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PACED_RATE = Number(process.env.BENCH_RATE_PER_EMPLOYEE ?? 2);
const WEEKS = 7 * 52;
const PORT = '3905';
const base = `http://127.0.0.1:${PORT}`;
const secretsKey = randomBytes(32);

await withBenchDatabase(async (database, handle) => {
  const started = Date.now();
  await seedDemoCustomers(handle, { customers: CUSTOMERS, sealSsn: createSsnSealer(secretsKey) });
  // One loan per heavy customer, funded 7 years ago, paid weekly; the last 3 weeks unpaid.
  await handle.db.execute(sql`
    insert into loans (customer_id, type, applied_at, approved_at, accepted_at, funded_at, maturity,
      applied_amount_cents, cash_advanced_cents, installment_count, apr_basis_points, approval_code, funding_method)
    select c.id, 'standard', now() - interval '7 years 3 days', now() - interval '7 years 2 days',
      now() - interval '7 years 1 day', now() - interval '7 years', current_date + 7, 2000000, 2000000, ${WEEKS}::int, 3599,
      'BENCH7Y', 'ach'
    from (select id from customers order by id limit ${EMPLOYEES}) as c`);
  await handle.db.execute(sql`
    insert into payments (loan_id, type, expected_amount_cents, due, original_due, method, paid_at)
    select l.id, 'Installment', 7000, (current_date - ${WEEKS * 7}::int + k * 7), (current_date - ${WEEKS * 7}::int + k * 7), 'ach',
      case when k <= ${WEEKS - 3}::int then (current_date - ${WEEKS * 7}::int + k * 7)::timestamptz + interval '18 hours' end
    from loans l, generate_series(1, ${WEEKS}) as k where l.approval_code = 'BENCH7Y'`);
  // The waiting adjustments: one per funded loan, mostly Resend, every tenth a Delete.
  await handle.db.execute(sql`
    insert into credit_report_adjustments (customer_id, loan_id, adj_type, reason, gen_adj_file, effective_on, created_at)
    select customer_id, id, case when n % 10 = 0 then 'delete' else 'resend' end, 'benchmark', true, current_date, now()
    from (select l.customer_id, l.id, row_number() over (order by l.id) as n from loans l
          where l.funded_at is not null and l.funding_returned_at is null and l.approval_code is distinct from 'BENCH7Y'
          order by l.id limit ${ADJUSTMENTS}) as picked`);
  const [heavy] = await rowsOf<{ loans: number; payments: number; adjustments: number }>(
    handle,
    sql`select (select count(*) from loans where approval_code = 'BENCH7Y')::int as loans,
        (select count(*) from payments p join loans l on l.id = p.loan_id where l.approval_code = 'BENCH7Y')::int as payments,
        (select count(*) from credit_report_adjustments)::int as adjustments`,
  );
  const loanIds = (
    await rowsOf<{ id: number }>(handle, sql`select id from loans where approval_code = 'BENCH7Y' order by id`)
  ).map((row) => Number(row.id));
  await settleDatabase(handle);
  const emails = await createBenchEmployees(handle, {
    name: 'fcra',
    count: EMPLOYEES,
    roles: ['agent', 'credit_reporting'],
  });
  await handle.close();
  console.log(
    `\ndata: ${CUSTOMERS.toLocaleString('en-US')} customers in ${((Date.now() - started) / 1000).toFixed(1)} s; ${heavy?.loans} loans of ${(heavy?.payments ?? 0) / (heavy?.loans ?? 1)} weekly payments; ${heavy?.adjustments?.toLocaleString('en-US')} adjustments waiting`,
  );

  const portal = await startPortal(PORT, database.url, { SECRETS_KEY: secretsKey.toString('base64') });
  try {
    const tokens = await signInEmployees(base, emails);
    // Report dates across the 7 years, so each lookup computes a different month.
    let n = 0;
    const lookupUrl = (loanId: number) => () => {
      n += 1;
      const date = new Date(Date.now() - (n % 2500) * 86_400_000).toISOString().slice(0, 10);
      return `${base}/internal/api/fcra_dashboard/fcra_lookup?loan_id=${loanId}&report_date=${date}`;
    };
    const targets = loanIds.map((loanId, index) => ({ url: lookupUrl(loanId), token: tokens[index]! }));
    const check = await fetch(targets[0]!.url(), { headers: { authorization: `Bearer ${tokens[0]}` } });
    if (!check.ok) throw new Error(`fcra_lookup answered ${check.status}: ${await check.text()}`);
    const flat = await measurePerEmployee(
      loanIds.map((loanId, index) => ({
        url: `${base}/internal/api/fcra_dashboard/fcra_lookup?loan_id=${loanId}`,
        token: tokens[index]!,
      })),
      SECONDS,
    );
    const paced = await measurePaced(targets, PACED_RATE, SECONDS);

    const fileStarted = performance.now();
    const response = await fetch(`${base}/internal/api/cr_adj/correction_file`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[0]}` },
    });
    const fileSeconds = (performance.now() - fileStarted) / 1000;
    const answer = (await response.json()) as { message?: string; errors?: string[] };
    if (!response.ok) throw new Error(`correction_file answered ${response.status}: ${answer.errors?.join(' ')}`);

    console.log(`\nPostgreSQL, ${CUSTOMERS.toLocaleString('en-US')} customers, ${EMPLOYEES} concurrent employees`);
    console.log(formatMeasurement(`fcra_lookup, 7 years of weekly payments, flat out`, flat));
    console.log(formatMeasurement(`fcra_lookup, moving report dates, paced ${PACED_RATE}/s each`, paced));
    console.log(
      `fcra_lookup: p99 flat out ${flat.p99} ms, paced ${paced.p99} ms (target under 50 ms: ${p99Verdict(flat, paced, 50)})`,
    );
    console.log(
      `correction file: ${answer.message} in ${fileSeconds.toFixed(2)} s (target under 5 s: ${fileSeconds < 5 ? 'MET' : 'NOT MET'})`,
    );
  } finally {
    await stopServer(portal);
  }
});
