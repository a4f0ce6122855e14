import { sql } from 'drizzle-orm';
import {
  createBenchEmployees,
  measureFlatAndPaced,
  p99Verdict,
  settleDatabase,
  signInEmployees,
  startPortal,
} from './bench-steps.ts';
import {
  formatMeasurement,
  rowsOf,
  seedDemoCustomers,
  stopServer,
  withBenchDatabase,
  type Measurement,
} from './lib.ts';

// npm run bench:loan-card: the loan card's two hot paths on PostgreSQL at 20 concurrent employees,
// among BENCH_USERS demo customers: loading a customer with 20 loans and 600 payments (GET
// users/search by ID: the user card with every loan card), target p99 under 30 ms; and a payment
// action (PATCH loans/change_payment, switching a payment's method, answered with the loan's
// card), target p99 under 50 ms. Each employee works its own heavy customer.
const EMPLOYEES = 20;
const CUSTOMERS = Number(process.env.BENCH_USERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LOANS = 20;
const PAYMENTS_PER_LOAN = 30;
// An agent opens a customer or changes a payment a few times a minute; 2 a second each is far above.
const PACED_RATE = Number(process.env.BENCH_RATE_PER_EMPLOYEE ?? 2);
const PORT = '3904';
const base = `http://127.0.0.1:${PORT}`;

await withBenchDatabase(async (database, handle) => {
  const started = Date.now();
  await seedDemoCustomers(handle, { customers: CUSTOMERS });
  // The heavy customers: one per employee, each with a bank account and a card that may be charged,
  // and (in place of their demo loans) 20 funded loans of 30 monthly payments (the first 10 paid).
  const heavy = await rowsOf<{ id: number }>(
    handle,
    sql`select c.id from customers c
        where exists (select 1 from bank_accounts b where b.customer_id = c.id and not b.dnp)
          and exists (select 1 from debit_cards d where d.customer_id = c.id and not d.dnp)
        order by c.id limit ${EMPLOYEES}`,
  );
  const heavyIds = heavy.map((row) => Number(row.id));
  if (heavyIds.length < EMPLOYEES) throw new Error(`only ${heavyIds.length} customers can be charged by bank and card`);
  // Their own demo loans give way to exactly 20 of ours.
  await handle.db.execute(
    sql`delete from loans where customer_id = any(${sql.raw(`array[${heavyIds.join(',')}]::bigint[]`)})`,
  );
  await handle.db.execute(sql`
    insert into loans (customer_id, type, applied_at, approved_at, accepted_at, funded_at, maturity,
      applied_amount_cents, cash_advanced_cents, installment_count, apr_basis_points, approval_code, funding_method)
    select c, 'standard', now() - interval '400 days', now() - interval '399 days', now() - interval '398 days',
      now() - interval '397 days', (current_date + 500), 300000, 300000, ${PAYMENTS_PER_LOAN}, 3599, 'BENCH' || n, 'ach'
    from unnest(${sql.raw(`array[${heavyIds.join(',')}]::bigint[]`)}) as c, generate_series(1, ${LOANS}) as n`);
  await handle.db.execute(sql`
    insert into payments (loan_id, type, expected_amount_cents, due, original_due, method, paid_at, refundable)
    select l.id, 'Installment', 12345, (current_date - 300 + k * 30), (current_date - 300 + k * 30), 'ach',
      case when k <= 10 then now() - interval '1 day' * (300 - k * 30) end, k <= 10
    from loans l, generate_series(1, ${PAYMENTS_PER_LOAN}) as k
    where l.customer_id = any(${sql.raw(`array[${heavyIds.join(',')}]::bigint[]`)})`);
  // The payment each employee switches back and forth: a due one on its customer's newest loan.
  const targets = await rowsOf<{ customer: number; payment: number }>(
    handle,
    sql`select distinct on (l.customer_id) l.customer_id as customer, p.id as payment
        from loans l join payments p on p.loan_id = l.id
        where l.customer_id = any(${sql.raw(`array[${heavyIds.join(',')}]::bigint[]`)}) and p.paid_at is null
        order by l.customer_id, l.applied_at desc, l.id desc, p.due desc`,
  );
  const counts = await rowsOf<{ loans: number; payments: number }>(
    handle,
    sql`select count(distinct l.id)::int as loans, count(p.id)::int as payments
        from loans l join payments p on p.loan_id = l.id where l.customer_id = ${heavyIds[0]!}`,
  );
  await settleDatabase(handle);
  const emails = await createBenchEmployees(handle, { name: 'loans', count: EMPLOYEES, roles: ['agent'] });
  await handle.close();
  console.log(
    `\ndata: ${CUSTOMERS} customers seeded in ${((Date.now() - started) / 1000).toFixed(1)} s; each heavy customer has ${counts[0]?.loans} loans and ${counts[0]?.payments} payments`,
  );

  const portal = await startPortal(PORT, database.url);
  const tokens = await signInEmployees(base, emails);
  const userUrl = (customer: number) => `${base}/internal/api/users/search?parameter=ID&search=${customer}`;
  const actionUrl = `${base}/internal/api/loans/change_payment`;
  const toggle = (payment: number) => () => JSON.stringify({ payment: { id: payment, action: 'toggle_method' } });

  const load = await measureFlatAndPaced(
    targets.map(({ customer }, index) => ({ url: userUrl(Number(customer)), token: tokens[index]! })),
    PACED_RATE,
    SECONDS,
  );
  const action = await measureFlatAndPaced(
    targets.map(({ payment }, index) => ({
      url: actionUrl,
      token: tokens[index]!,
      method: 'PATCH' as const,
      nextBody: toggle(Number(payment)),
    })),
    PACED_RATE,
    SECONDS,
  );
  await stopServer(portal);

  console.log(
    `\nPostgreSQL, ${CUSTOMERS.toLocaleString('en-US')} customers, ${EMPLOYEES} concurrent employees, ${SECONDS} s each`,
  );
  const lines: Array<[string, Measurement, Measurement, number]> = [
    [`user with ${LOANS} loans, ${LOANS * PAYMENTS_PER_LOAN} payments`, load.flat, load.paced, 30],
    ['payment action (change_payment)', action.flat, action.paced, 50],
  ];
  for (const [label, flat, paced] of lines) {
    console.log(formatMeasurement(`${label}, flat out`, flat));
    console.log(formatMeasurement(`${label}, paced ${PACED_RATE}/s each`, paced));
  }
  for (const [label, flat, paced, target] of lines) {
    console.log(
      `${label}: p99 flat out ${flat.p99} ms, paced ${paced.p99} ms (target under ${target} ms: ${p99Verdict(flat, paced, target)})`,
    );
  }
});
