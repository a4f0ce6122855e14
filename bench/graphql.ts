import { sql } from 'drizzle-orm';
import { createBenchEmployees, settleDatabase, signInEmployees, startPortal } from './bench-steps.ts';
import { measurePaced } from './paced.ts';
import {
  formatMeasurement,
  measure,
  rowsOf,
  seedDemoCustomers,
  stopServer,
  withBenchDatabase,
  type Measurement,
} from './lib.ts';

// npm run bench:graphql, on PostgreSQL: POST graphql for a page of 100 customers with their loans
// and the loans' payments (the query graphql.test.ts counts statements of), among BENCH_USERS
// (100,000) demo customers. Two pages: the first, and the last 100 customers by keyset paging
// (`after`: the id before them), each measured flat out (10 connections sending as fast as they are
// answered, autocannon) and paced (5 employees each sending 2 queries a second, far more than
// anyone types into the explorer: measurePaced). Target: p99 under 50 ms. The last page by offset
// (which reads every index entry it skips) is measured flat out too, for comparison only.
const CUSTOMERS = Number(process.env.BENCH_USERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const EMPLOYEES = 5;
const PACED_RATE = Number(process.env.BENCH_RATE_PER_EMPLOYEE ?? 2);
const PAGE = 100;
const TARGET = 50;
const PORT = '3907';
const base = `http://127.0.0.1:${PORT}`;

// What an agent sees of a customer's loan cards: nothing here needs more than the agent role.
const QUERY = `query ($after: Int, $offset: Int) { customers(limit: ${PAGE}, after: $after, offset: $offset) {
  id first_name last_name loans { id status applied_amount_cents apr_basis_points
  payments { id due state expected_amount_cents } } } }`;

type Answer = {
  data?: { customers: { loans: { payments: unknown[] }[] }[] } | null;
  errors?: { message: string }[];
};

await withBenchDatabase(async (database, handle) => {
  const started = Date.now();
  await seedDemoCustomers(handle, { customers: CUSTOMERS });
  const [counts] = await rowsOf<{ loans: number; payments: number }>(
    handle,
    sql`select (select count(*) from loans)::int as loans, (select count(*) from payments)::int as payments`,
  );
  // The id just before the last page of customers: the `after` of the last page.
  const [beforeLast] = await rowsOf<{ id: number }>(
    handle,
    sql`select id::int as id from customers order by id desc offset ${PAGE} limit 1`,
  );
  await settleDatabase(handle);
  const emails = await createBenchEmployees(handle, { name: 'graphql', count: EMPLOYEES, roles: ['agent'] });
  await handle.close();
  console.log(
    `\ndata: ${CUSTOMERS.toLocaleString('en-US')} customers, ${counts?.loans.toLocaleString('en-US')} loans, ${counts?.payments.toLocaleString('en-US')} payments seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const portal = await startPortal(PORT, database.url);
  try {
    const tokens = await signInEmployees(base, emails);
    const url = `${base}/internal/api/graphql`;
    const lastOffset = Math.max(0, CUSTOMERS - PAGE);
    const pages = [
      { label: 'first page', variables: {}, paced: true },
      { label: 'last page by after', variables: { after: beforeLast?.id ?? 0 }, paced: true },
      { label: 'last page by offset', variables: { offset: lastOffset }, paced: false },
    ];
    const results: Array<{ label: string; flat: Measurement; paced: Measurement | null }> = [];
    for (const page of pages) {
      const body = JSON.stringify({ query: QUERY, variables: page.variables });
      // One answer first: a refusal or an error in it would make the figures meaningless.
      const check = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[0]}`, 'content-type': 'application/json' },
        body,
      });
      const text = await check.text();
      if (check.status !== 200) throw new Error(`graphql (${page.label}) answered ${check.status}: ${text}`);
      const answer = JSON.parse(text) as Answer;
      if (answer.errors?.length || !answer.data)
        throw new Error(`graphql (${page.label}) answered with errors: ${JSON.stringify(answer.errors)}`);
      const customers = answer.data.customers;
      if (customers.length !== Math.min(PAGE, CUSTOMERS))
        throw new Error(`graphql (${page.label}) answered ${customers.length} customers`);
      const loans = customers.flatMap((customer) => customer.loans);
      const payments = loans.flatMap((loan) => loan.payments);
      console.log(
        `${page.label}: the answer holds ${customers.length} customers, ${loans.length} loans, ${payments.length} payments (${Math.round(text.length / 1024)} KB)`,
      );
      const flat = await measure({
        url,
        connections: CONNECTIONS,
        seconds: SECONDS,
        headers: { authorization: `Bearer ${tokens[0]}` },
        body,
      });
      const paced = page.paced
        ? await measurePaced(
            tokens.map((token) => ({ url, token, method: 'POST' as const, nextBody: () => body })),
            PACED_RATE,
            SECONDS,
          )
        : null;
      results.push({ label: page.label, flat, paced });
    }

    console.log(
      `\nPostgreSQL, ${CUSTOMERS.toLocaleString('en-US')} customers, pages of ${PAGE} with their loans and payments; flat out: ${CONNECTIONS} connections; paced: ${EMPLOYEES} employees at ${PACED_RATE}/s each; ${SECONDS} s each`,
    );
    for (const { label, flat, paced } of results) {
      console.log(formatMeasurement(`${label}, flat out`, flat));
      if (paced) console.log(formatMeasurement(`${label}, paced ${PACED_RATE}/s each`, paced));
    }
    const answered = (measurement: Measurement) =>
      measurement.requestsPerSecond > 0 && measurement.errors + measurement.non2xx === 0;
    for (const { label, flat, paced } of results) {
      if (!paced) continue;
      const verdict =
        answered(flat) && flat.p99 < TARGET
          ? 'MET flat out'
          : answered(paced) && paced.p99 < TARGET
            ? 'met paced only'
            : 'NOT MET';
      console.log(
        `graphql, ${PAGE} customers, ${label}: p99 flat out ${flat.p99} ms, paced ${paced.p99} ms (target under ${TARGET} ms: ${verdict})`,
      );
    }
  } finally {
    await stopServer(portal);
  }
});
