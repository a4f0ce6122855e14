import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { permissionRefusal } from '@portal/contracts';
import { achEntries, achFiles, bankAccounts, payments } from '@portal/db';
import { auditEventsOf } from '../../testing/audit-events.ts';
import { aDebitCase, FILE_DAYS } from '../../testing/debit-paths.ts';
import { parseNacha } from '../../testing/nacha-parser.ts';
import { countWrites } from '../../testing/row-counts.ts';
import { callAsStaff } from '../../testing/staff-helpers.ts';
import { TEST_SECRETS_KEY } from '../../testing/test-app.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { sealStoredBankNumbers } from '../customers/index.ts';

// POST ach/files, GET ach/files and GET ach/files/{id} (issue 41, decision 068). The test clock
// stands at Saturday 2026-11-21 in Los Angeles: a file built then goes Monday 2026-11-23 and
// settles Tuesday 2026-11-24. Every file is read back by an independent parser.

const t = useTestApp();
const agent = useStaffSession(t);
const admin = useStaffSession(t, ['agent', 'payments_admin']);
const db = () => t.database.db;

const build = () => callAsStaff(t.app, admin, 'POST', 'ach/files');
const download = (id: number) => callAsStaff(t.app, admin, 'GET', `ach/files/${id}`);
const paymentRow = async (id: number) => (await db().select().from(payments).where(eq(payments.id, id)))[0]!;

// A customer's next installment due on the file's settlement day.
async function aDueDebit(due: string = FILE_DAYS.effectiveDate) {
  const debit = await aDebitCase(t);
  const next = debit.schedule[2]!;
  await db().update(payments).set({ due }).where(eq(payments.id, next.id));
  return { ...debit, payment: next };
}

describe('POST ach/files', () => {
  it('puts the debits due in the file, marks them processing, stores the file and audits it', async () => {
    const first = await aDueDebit();
    const second = await aDueDebit(FILE_DAYS.processingDate);
    const later = await aDueDebit('2026-11-25');

    const response = await build();
    expect(response.statusCode, response.body).toBe(200);
    const { file, message } = response.json();
    expect(file).toMatchObject({
      status: 'ready',
      processing_date: '2026-11-23',
      effective_date: '2026-11-24',
      file_name: `ach-2026-11-23-${file.file_name.at(-5)}.txt`,
    });
    expect(message).toMatch(
      /^ACH file ach-2026-11-23-[A-Z0-9]\.txt is ready: \d+ debits? \(\$[\d,.]+\) and 0 refunds \(\$0\.00\), settling Nov 24, 2026; the debits are now processing\.$/,
    );

    for (const { payment } of [first, second]) {
      const row = await paymentRow(payment.id);
      expect(row.processingAt?.toISOString()).toBe(t.clock.now().toISOString());
      expect(row.presentedAt?.toISOString()).toBe(t.clock.now().toISOString());
    }
    expect((await paymentRow(later.payment.id)).processingAt).toBeNull();

    const got = await download(file.id);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-disposition']).toBe(`attachment; filename="${file.file_name}"`);
    const parsed = parseNacha(got.body);
    const entries = parsed.batches[0]!.entries;
    const mine = entries.filter((entry) =>
      [String(first.payment.id), String(second.payment.id)].includes(entry.identificationNumber.trim()),
    );
    expect(mine).toHaveLength(2);
    expect(mine.every((entry) => entry.transactionCode === '27')).toBe(true);
    expect(mine[0]!.amount).toBe(first.payment.expectedAmountCents);
    expect(parsed.batches[0]!.effectiveDate).toBe('261124');
    expect(parsed.file.footer.entryAndAddendaCount).toBe(entries.length);
    expect(parsed.file.footer.totalDebit).toBe(Math.round(file.total_debits * 100));
    expect(got.body.split('\n').filter(Boolean).length % 10).toBe(0);

    // The stored entries carry the trace numbers the file has.
    const stored = await db().select().from(achEntries).where(eq(achEntries.fileId, file.id));
    expect(stored.map((entry) => entry.traceNumber).sort()).toEqual(
      entries.map((entry) => String(entry.traceNumber).padStart(15, '0')).sort(),
    );
    const [built] = await auditEventsOf(db(), 'ach.file_built', file.id);
    expect(built).toMatchObject({ employeeId: admin.employeeId });
    expect((await auditEventsOf(db(), 'ach.file_downloaded', file.id)).length).toBe(1);
  });

  it('writes each entry from its sealed bank account, and keeps out an account whose numbers do not open', async () => {
    const [readable, tampered] = [await aDueDebit(), await aDueDebit()];
    const accountOf = async (customerId: number) =>
      (await db().select().from(bankAccounts).where(eq(bankAccounts.customerId, customerId)))[0]!;
    // The factory's accounts wait unsealed, as before migration 0041; the start's sweep seals them.
    const plain = (await accountOf(readable.customerId)).numbersSealed;
    await sealStoredBankNumbers(db(), TEST_SECRETS_KEY);
    const sealed = await accountOf(readable.customerId);
    expect(sealed.numbersSealed).toMatch(/^gcm1:/);
    // One account's sealed numbers copied onto another's: bound to their row, they open nowhere else.
    const victim = await accountOf(tampered.customerId);
    await db().update(bankAccounts).set({ numbersSealed: sealed.numbersSealed }).where(eq(bankAccounts.id, victim.id));

    const response = await build();
    expect(response.statusCode, response.body).toBe(200);
    const { file, refusals } = response.json();
    expect(refusals).toContainEqual({
      payment_id: tampered.payment.id,
      loan_id: tampered.payment.loanId,
      duty: 'no_bank_account',
      sentence:
        "The numbers of the customer's bank account do not open with this server's key (sealed with another key, or altered): take the account again before debiting.",
    });
    expect((await paymentRow(tampered.payment.id)).processingAt).toBeNull();

    const entries = parseNacha((await download(file.id)).body).batches[0]!.entries;
    const [entry] = entries.filter((row) => row.identificationNumber.trim() === String(readable.payment.id));
    const [routing, account] = plain.split(':');
    expect(`${String(entry!.receivingDFIIdentification).padStart(8, '0')}${entry!.checkDigit}`).toBe(routing);
    expect(entry!.dfiAccount.trim()).toBe(account);
    expect(entries.some((row) => row.identificationNumber.trim() === String(tampered.payment.id))).toBe(false);
    // The kept-out debit no longer due, so the next tests' files start from nothing.
    await db().update(payments).set({ due: '2027-06-01' }).where(eq(payments.id, tampered.payment.id));
  });

  it('credits a refund once, in the next file, and never again', async () => {
    const { schedule } = await aDebitCase(t);
    const paid = schedule[1]!;
    await db()
      .update(payments)
      .set({ refundedAt: new Date('2026-11-20T18:00:00Z') })
      .where(eq(payments.id, paid.id));
    const first = (await build()).json();
    const parsed = parseNacha((await download(first.file.id)).body);
    const credit = parsed.batches[0]!.entries.find((entry) => entry.identificationNumber.trim() === String(paid.id));
    expect(credit).toMatchObject({ transactionCode: '22', amount: paid.expectedAmountCents });
    expect(first.file.credit_count).toBeGreaterThanOrEqual(1);
    // Refunded, it stays paid (not processing), and the next file does not credit it again.
    expect((await paymentRow(paid.id)).processingAt).toBeNull();
    const again = (await build()).json();
    const credits = await db()
      .select()
      .from(achEntries)
      .where(inArray(achEntries.paymentId, [paid.id]));
    expect(credits).toHaveLength(1);
    expect(again.file.credit_count).toBe(0);
  });

  it('builds a second file of the day with the next modifier, its traces running on, and says when nothing may go', async () => {
    await aDueDebit();
    const first = (await build()).json().file;
    const second = await build();
    expect(second.statusCode).toBe(200);
    const empty = second.json();
    expect(empty.message).toBe(
      'No entry to send: no ACH payment due Nov 23, 2026 to Nov 24, 2026 may go, and no refund waits to be credited.',
    );
    expect(empty.file.file_name.at(-5)).not.toBe(first.file_name.at(-5));
    expect((await download(empty.file.id)).json().errors).toEqual([
      `ACH file ${empty.file.file_name} holds no entries: there is nothing to send.`,
    ]);
    await aDueDebit();
    const third = (await build()).json().file;
    const [firstRow] = await db().select().from(achFiles).where(eq(achFiles.id, first.id));
    const [thirdRow] = await db().select().from(achFiles).where(eq(achFiles.id, third.id));
    expect(thirdRow!.firstTraceSequence).toBe(firstRow!.firstTraceSequence + first.debit_count + first.credit_count);
  });

  it('never puts a payment in two files when ten builds run at once, and answers none with a 500', async () => {
    const due = await Promise.all(Array.from({ length: 6 }, () => aDueDebit()));
    const answers = await Promise.all(Array.from({ length: 10 }, () => build()));
    expect(answers.map((answer) => answer.statusCode).filter((status) => status !== 200 && status !== 409)).toEqual([]);
    for (const answer of answers.filter((one) => one.statusCode === 409))
      expect(answer.json().errors[0]).toMatch(/is being built right now/);
    const entries = await db()
      .select()
      .from(achEntries)
      .where(
        inArray(
          achEntries.paymentId,
          due.map(({ payment }) => payment.id),
        ),
      );
    expect(entries).toHaveLength(6);
  });

  it('finishes a file a crashed build left, and refuses a second builder while one is at work', async () => {
    const due = await Promise.all(Array.from({ length: 12 }, () => aDueDebit()));
    const { payment } = due[0]!;
    const [left] = await db()
      .insert(achFiles)
      .values({
        processingDate: '2026-11-23',
        effectiveDate: '2026-11-24',
        fileIdModifier: 'Z',
        firstTraceSequence: 9_999_990,
        builtBy: admin.employeeId,
        startedAt: t.clock.now(),
        heartbeatAt: t.clock.now(),
      })
      .returning();
    const busy = await build();
    expect(busy.statusCode).toBe(409);
    expect(busy.json().errors).toEqual([
      `ACH file ach-2026-11-23-Z.txt is being built right now (since ${t.clock.now().toISOString()}); wait for it to finish, then build again if more is due.`,
    ]);
    t.clock.advance(3 * 60_000);
    try {
      const finished = await build();
      expect(finished.statusCode).toBe(200);
      expect(finished.json().file).toMatchObject({ id: left!.id, status: 'ready' });
      // Trace sequences go round after 9,999,999.
      const parsed = parseNacha((await download(left!.id)).body);
      const traces = parsed.batches[0]!.entries.map((entry) => String(entry.traceNumber).slice(-7));
      expect(traces.slice(0, 12)).toEqual([
        ...Array.from({ length: 10 }, (_, index) => String(9_999_990 + index)),
        '0000001',
        '0000002',
      ]);
      expect((await paymentRow(payment.id)).processingAt).not.toBeNull();
    } finally {
      t.clock.advance(-3 * 60_000);
    }
  });

  it('is for payments admins only: an agent is refused and nothing is written', async () => {
    await aDueDebit();
    const before = await countWrites(db());
    const refused = await callAsStaff(t.app, agent, 'POST', 'ach/files');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual([permissionRefusal('payments.ach_files')]);
    expect(await countWrites(db())).toEqual(before);
    expect((await callAsStaff(t.app, agent, 'GET', 'ach/files')).statusCode).toBe(403);
    expect((await callAsStaff(t.app, agent, 'GET', 'ach/files/1')).statusCode).toBe(403);
  });
});

describe('GET ach/files', () => {
  it('lists the files newest first with their totals and who built them', async () => {
    const response = await callAsStaff(t.app, admin, 'GET', 'ach/files');
    expect(response.statusCode).toBe(200);
    const { files } = response.json();
    expect(files.length).toBeGreaterThan(0);
    expect(files[0].id).toBeGreaterThan(files.at(-1).id);
    expect(files[0]).toMatchObject({ status: 'ready', built_by: expect.any(String) });
  });

  it('answers 404 for a file that does not exist', async () => {
    const response = await download(987_654);
    expect(response.statusCode).toBe(404);
    expect(response.json().errors).toEqual(['ACH file 987654 was not found.']);
  });
});

describe('an ACH file without its configuration', () => {
  const bare = useTestApp({ ach: { configured: false, missing: ['ACH_IMMEDIATE_DESTINATION'], cutoffMinute: 960 } });
  const payments_admin = useStaffSession(bare, ['agent', 'payments_admin']);

  it('is refused with what to set, and nothing is written', async () => {
    const before = await countWrites(bare.database.db);
    const response = await callAsStaff(bare.app, payments_admin, 'POST', 'ach/files');
    expect(response.statusCode).toBe(503);
    expect(response.json().errors).toEqual([
      "ACH files are not configured on this server: set ACH_IMMEDIATE_DESTINATION (see the README's configuration table).",
    ]);
    expect(await countWrites(bare.database.db)).toEqual(before);
  });
});
