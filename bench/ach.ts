import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { achDays } from '@portal/contracts';
import { createEmployee, DEFAULT_TEST_PASSWORD } from '@portal/db/seed';
import { sealStoredBankNumbers } from '../apps/server/src/modules/customers/index.ts';
import { parseNacha } from '../apps/server/src/testing/nacha-parser.ts';
import { returnFile } from '../apps/server/src/testing/nacha-return-file.ts';
import { settleDatabase, startPortal } from './bench-steps.ts';
import { rowsOf, signInEmployee, stopServer, withBenchDatabase } from './lib.ts';

// npm run bench:ach, on PostgreSQL (issue 41, decision 068): BENCH_ACH_DEBITS (100,000) customers
// each with an ACH payment due on the next file's settlement day, a few with a duty in the way (one
// in a hundred with a debit stop, one in a hundred bankrupt, one in fifty with automatic debits
// off). POST ach/files through the real server builds, judges, stores and records the file; the file
// is then downloaded and checked by the independent parser (entries, totals, the entry hash). Then a
// return file of BENCH_ACH_RETURNS (10,000) of those entries (mostly R01, some R02 and R03, one in
// twenty-five unauthorized) is
// applied by POST ach/returns. Targets: each under 10 s.
const DEBITS = Number(process.env.BENCH_ACH_DEBITS ?? 100_000);
const RETURNS = Number(process.env.BENCH_ACH_RETURNS ?? 10_000);
const TARGET_SECONDS = 10;
const PORT = '3912';
const base = `http://127.0.0.1:${PORT}`;
const TIME_ZONE = 'America/Los_Angeles';

const seconds = (since: number) => (performance.now() - since) / 1000;
const secretsKey = randomBytes(32);

await withBenchDatabase(async (database, handle) => {
  const exec = (query: ReturnType<typeof sql>) => handle.db.execute(query);
  const days = achDays(new Date(), TIME_ZONE, 16 * 60);
  const started = performance.now();
  await createEmployee(handle.db, { email: 'bench-payments@portal.example', roles: ['agent', 'payments_admin'] });
  await exec(sql`
    insert into customers (first_name, last_name, email, phone_number, state, zip)
    select 'Bench', 'Customer' || g, 'bench' || g || '@example.com', '555' || lpad(g::text, 7, '0'), 'OR', '97201'
    from generate_series(1, ${DEBITS}) g`);
  await exec(sql`
    insert into bank_accounts (customer_id, numbers_sealed, account_last4)
    select id, (array['121000358', '011000015', '091000019'])[1 + id % 3] || ':' || lpad(id::text, 12, '0'),
      right(lpad(id::text, 12, '0'), 4)
    from customers`);
  await exec(sql`
    insert into loans (customer_id, type, applied_at, approved_at, accepted_at, funded_at, maturity, auto_debit,
      applied_amount_cents, cash_advanced_cents, installment_count, apr_basis_points, approval_code, funding_method)
    select id, 'standard', now() - interval '90 days', now() - interval '89 days', now() - interval '88 days',
      now() - interval '87 days', current_date + 120, id % 50 <> 3, 100000, 100000, 6, 3599, 'BENCH', 'ach'
    from customers`);
  await exec(sql`
    insert into payments (loan_id, expected_amount_cents, due, original_due, method)
    select id, 15000 + (id % 5000)::int, ${days.effectiveDate}::date, ${days.effectiveDate}::date, 'ach' from loans`);
  await exec(sql`
    insert into debit_stops (customer_id, stopped_at, bounce_ids, reason)
    select id, now() - interval '10 days', '[]'::jsonb, 'Bench stop' from customers where id % 100 = 7`);
  await exec(sql`
    insert into customer_bankruptcies (customer_id, case_number, chapter, filed_on, consumer_information_indicator)
    select id, '26-' || id, 7, current_date - 5, 'A' from customers where id % 100 = 11`);
  // The bank accounts were written as before sealing; the start's sweep seals them (decision 070),
  // so the build opens each account's numbers as it would in production.
  const sealing = await sealStoredBankNumbers(handle.db, secretsKey);
  await settleDatabase(handle);
  console.log(
    `data: ${DEBITS.toLocaleString('en-US')} customers with a debit due ${days.effectiveDate}, ready in ${seconds(started).toFixed(1)} s (their bank accounts sealed in ${sealing.seconds.toFixed(1)} s)`,
  );

  const portal = await startPortal(PORT, database.url, { SECRETS_KEY: secretsKey.toString('base64') });
  try {
    const token = await signInEmployee(base, 'bench-payments@portal.example', DEFAULT_TEST_PASSWORD);
    const headers = { authorization: `Bearer ${token}` };

    const building = performance.now();
    const built = await fetch(`${base}/internal/api/ach/files`, { method: 'POST', headers });
    const buildSeconds = seconds(building);
    if (!built.ok) throw new Error(`POST ach/files answered ${built.status}: ${await built.text()}`);
    const { file } = (await built.json()) as {
      file: { id: number; debit_count: number; refused_count: number; total_debits: number; entry_hash: string };
    };
    const checking = performance.now();
    const text = await (await fetch(`${base}/internal/api/ach/files/${file.id}`, { headers })).text();
    const parsed = parseNacha(text);
    const entries = parsed.batches.flatMap((batch) => batch.entries);
    const hash = entries.reduce((total, entry) => total + entry.receivingDFIIdentification, 0) % 10_000_000_000;
    const problems = [
      entries.length === file.debit_count ? null : `${entries.length} entries, the file says ${file.debit_count}`,
      parsed.file.footer.totalDebit === Math.round(file.total_debits * 100) ? null : 'total debits differ',
      parsed.file.footer.entryHash === hash && String(hash).padStart(10, '0') === file.entry_hash
        ? null
        : 'entry hash differs',
      text.split('\n').filter(Boolean).length % 10 === 0 ? null : 'not a multiple of 10 records',
    ].filter((problem): problem is string => problem !== null);
    if (problems.length > 0) throw new Error(`The ACH file does not check out: ${problems.join('; ')}`);
    const checkSeconds = seconds(checking);
    console.log(
      `POST ach/files: ${file.debit_count.toLocaleString('en-US')} debits in the file, ${file.refused_count.toLocaleString('en-US')} kept out by the door, built and stored in ${buildSeconds.toFixed(2)} s; downloaded and checked by the independent parser in ${checkSeconds.toFixed(2)} s; together ${(buildSeconds + checkSeconds).toFixed(2)} s (target under ${TARGET_SECONDS} s)`,
    );

    // A return file's usual mix: mostly insufficient funds (presented again), some closed or missing
    // accounts, and a few unauthorized (each stops the customer's debits at once).
    const codes = [
      ...Array<string>(34).fill('R01'),
      ...Array<string>(3).fill('R09'),
      ...Array<string>(6).fill('R02'),
      ...Array<string>(4).fill('R03'),
      'R04',
      'R10',
      'R07',
    ];
    const sample = await rowsOf<{ trace_number: string; amount_cents: number }>(
      handle,
      sql`select trace_number, amount_cents from ach_entries where file_id = ${file.id} order by sequence limit ${RETURNS}`,
    );
    const today = new Date().toLocaleDateString('en-CA', { timeZone: TIME_ZONE });
    const returns = returnFile(
      sample.map((row, index) => ({
        code: codes[index % codes.length]!,
        originalTrace: row.trace_number,
        amountCents: Number(row.amount_cents),
      })),
      today,
    );
    const form = new FormData();
    form.append('files[]', new Blob([returns], { type: 'text/plain' }), 'returns.ach');
    const applying = performance.now();
    const applied = await fetch(`${base}/internal/api/ach/returns`, { method: 'POST', headers, body: form });
    const applySeconds = seconds(applying);
    if (!applied.ok) throw new Error(`POST ach/returns answered ${applied.status}: ${await applied.text()}`);
    const result = (await applied.json()) as { message: string; file: { applied_count: number } };
    console.log(
      `POST ach/returns: ${result.file.applied_count.toLocaleString('en-US')} of ${sample.length.toLocaleString('en-US')} returns applied in ${applySeconds.toFixed(2)} s (target under ${TARGET_SECONDS} s): ${result.message}`,
    );
  } finally {
    await stopServer(portal);
  }
});
