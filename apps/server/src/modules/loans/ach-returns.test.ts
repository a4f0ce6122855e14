import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { permissionRefusal } from '@portal/contracts';
import { achEntries, bankAccounts, bounces, debitStops, payments } from '@portal/db';
import { storedBankNumbers } from '@portal/db/testing';
import { auditEventsOf } from '../../testing/audit-events.ts';
import { aDebitCase, FILE_DAYS } from '../../testing/debit-paths.ts';
import { multipartBody } from '../../testing/multipart.ts';
import { returnFile } from '../../testing/nacha-return-file.ts';
import { countWrites } from '../../testing/row-counts.ts';
import { callAsStaff } from '../../testing/staff-helpers.ts';
import type { StaffSession } from '../../testing/staff-session.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';

// POST ach/returns (issue 41): the bank's return file, each return found by the trace number of the
// entry our file sent. The test clock stands at Saturday 2026-11-21 in Los Angeles; a file built then
// settles 2026-11-24, and the returns below come back dated Friday 2026-11-20 in the bank's file (the
// Portal's "today" in these tests is the 21st: a return is never dated after it).

const t = useTestApp();
const agent = useStaffSession(t);
const admin = useStaffSession(t, ['agent', 'payments_admin']);
const db = () => t.database.db;
const RETURNED_ON = '2026-11-21';

async function upload(text: string, name = 'returns.ach', who: StaffSession = admin) {
  const { contentType, payload } = await multipartBody([
    { name, content: new TextEncoder().encode(text), type: 'text/plain' },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/internal/api/ach/returns',
    headers: { ...who.headers, 'content-type': contentType },
    payload,
  });
}

// Customers whose next installment went out in a file: the entries, by payment.
async function sentDebits(count: number) {
  const cases = [];
  for (let index = 0; index < count; index += 1) {
    const debit = await aDebitCase(t);
    await db().update(payments).set({ due: FILE_DAYS.effectiveDate }).where(eq(payments.id, debit.schedule[2]!.id));
    cases.push({ ...debit, payment: debit.schedule[2]! });
  }
  const built = await callAsStaff(t.app, admin, 'POST', 'ach/files');
  expect(built.statusCode, built.body).toBe(200);
  const entries = await db()
    .select()
    .from(achEntries)
    .where(
      inArray(
        achEntries.paymentId,
        cases.map((one) => one.payment.id),
      ),
    );
  return cases.map((one) => ({ ...one, entry: entries.find((entry) => entry.paymentId === one.payment.id)! }));
}

const bouncesOf = (paymentId: number) => db().select().from(bounces).where(eq(bounces.paymentId, paymentId));
const paymentRow = async (id: number) => (await db().select().from(payments).where(eq(payments.id, id)))[0]!;

describe('POST ach/returns', () => {
  it('records each return on its payment: the bounce with its fee, the re-presentment, the stop', async () => {
    const [nsf, closed, revoked] = await sentDebits(3);
    const text = returnFile(
      [
        { code: 'R01', originalTrace: nsf!.entry.traceNumber, amountCents: nsf!.entry.amountCents },
        { code: 'R02', originalTrace: closed!.entry.traceNumber, amountCents: closed!.entry.amountCents },
        { code: 'R10', originalTrace: revoked!.entry.traceNumber, amountCents: revoked!.entry.amountCents },
      ],
      RETURNED_ON,
    );
    const response = await upload(text);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.message).toBe('3 returns recorded.');
    expect(body.applied.map((row: { payment_id: number }) => row.payment_id)).toEqual([
      nsf!.payment.id,
      closed!.payment.id,
      revoked!.payment.id,
    ]);
    expect(body.file).toMatchObject({ returned_on: RETURNED_ON, return_count: 3, applied_count: 3 });

    // R01: a $15.00 fee, presented again the next business day (the fee goes with the new payment).
    expect(await bouncesOf(nsf!.payment.id)).toMatchObject([
      { returnCode: 'R01', bouncedOn: RETURNED_ON, feeCents: 1500 },
    ]);
    const [again] = await db().select().from(payments).where(eq(payments.representsPaymentId, nsf!.payment.id));
    expect(again).toMatchObject({ due: '2026-11-23', bounceFeeCents: 1500, method: 'ach' });
    expect((await paymentRow(nsf!.payment.id)).invalidAt).not.toBeNull();
    // R02: no fee (administrative), never presented again, due again.
    expect(await bouncesOf(closed!.payment.id)).toMatchObject([{ returnCode: 'R02', feeCents: 0 }]);
    expect(await paymentRow(closed!.payment.id)).toMatchObject({
      processingAt: null,
      invalidAt: null,
      bounceFeeCents: 0,
    });
    // R10: unauthorized, no fee, and automatic debits stop at once.
    expect(await bouncesOf(revoked!.payment.id)).toMatchObject([{ returnCode: 'R10', feeCents: 0 }]);
    expect(await db().select().from(debitStops).where(eq(debitStops.customerId, revoked!.customerId))).toHaveLength(1);
    expect(body.applied[2].sentence).toMatch(/is an unauthorized return .* Automatic debits are stopped on loans/);

    const entries = await db().select().from(achEntries).where(eq(achEntries.id, nsf!.entry.id));
    expect(entries[0]!.returnedBounceId).toBe((await bouncesOf(nsf!.payment.id))[0]!.id);
    expect(await auditEventsOf(db(), 'ach.returns_imported', body.file.id)).toHaveLength(1);
  });

  it('changes nothing when the same file comes again, nor for returns another file already recorded', async () => {
    const [one, two] = await sentDebits(2);
    const first = returnFile(
      [{ code: 'R01', originalTrace: one!.entry.traceNumber, amountCents: one!.entry.amountCents }],
      RETURNED_ON,
    );
    expect((await upload(first)).statusCode).toBe(200);
    const before = await countWrites(db());
    const again = await upload(first, 'again.ach');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ already_imported: true, applied: [] });
    expect(again.json().message).toMatch(
      /^again\.ach was already imported on [A-Z][a-z]{2} \d+, \d{4} by .+: nothing changed\.$/,
    );
    expect(await countWrites(db())).toEqual(before);

    // Another file naming the same return and a new one: only the new one is recorded.
    const second = returnFile(
      [
        { code: 'R01', originalTrace: one!.entry.traceNumber, amountCents: one!.entry.amountCents },
        { code: 'R03', originalTrace: two!.entry.traceNumber, amountCents: two!.entry.amountCents },
      ],
      RETURNED_ON,
    );
    const response = await upload(second);
    expect(response.json().message).toBe('1 return recorded. 1 already recorded (nothing changed).');
    expect(await bouncesOf(one!.payment.id)).toHaveLength(1);
    expect(await bouncesOf(two!.payment.id)).toHaveLength(1);
  });

  it('lists unknown trace numbers, an amount that does not match and unreadable lines, changing nothing for them', async () => {
    const [sent] = await sentDebits(1);
    const text = returnFile(
      [
        { code: 'R01', originalTrace: '099999990000000', amountCents: 4200, individualId: 'X1' },
        { code: 'R01', originalTrace: sent!.entry.traceNumber, amountCents: sent!.entry.amountCents + 1 },
      ],
      RETURNED_ON,
    ).replace(/^8200/m, 'X200');
    const before = await bouncesOf(sent!.payment.id);
    const response = await upload(text);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.unknown).toEqual([
      {
        line: 3,
        trace_number: '099999990000000',
        return_code: 'R01',
        amount: 42,
        individual_id: 'X1',
        individual_name: 'CAROL PARKER',
      },
    ]);
    expect(body.refused[0].sentence).toBe(
      `The return is for ${((sent!.entry.amountCents + 1) / 100).toFixed(2)} but entry ${sent!.entry.traceNumber} (payment ${sent!.payment.id}) was for ${(sent!.entry.amountCents / 100).toFixed(2)}; check the file with the bank.`,
    );
    expect(body.problems).toEqual([{ line: 7, message: "Record type X is not one of NACHA's (1, 5, 6, 7, 8, 9)." }]);
    expect(body.message).toBe(
      '0 returns recorded. 1 with a trace number none of our files sent (listed; nothing changed). 1 could not be recorded (listed, with why). 1 line of the file could not be read (listed).',
    );
    expect(await bouncesOf(sent!.payment.id)).toEqual(before);
  });

  it('refuses a file that is not a return file, or has no return, and one dated after today, writing nothing', async () => {
    const before = await countWrites(db());
    const notNacha = await upload('hello,world\n', 'notes.csv');
    expect(notNacha.statusCode).toBe(422);
    expect(notNacha.json().errors).toEqual([
      'notes.csv is not a NACHA return file: it should begin with the 94-character file header record (type 1).',
    ]);
    const empty = await upload(returnFile([], RETURNED_ON), 'empty.ach');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual(['empty.ach holds no return we can read; nothing changed.']);
    const future = await upload(
      returnFile([{ code: 'R01', originalTrace: '099999990000001', amountCents: 100 }], '2026-11-23'),
      'future.ach',
    );
    expect(future.statusCode).toBe(422);
    expect(future.json().errors).toEqual(['future.ach is dated Nov 23, 2026, after today; nothing changed.']);
    expect(await countWrites(db())).toEqual(before);
  });

  it('is for payments admins only', async () => {
    const before = await countWrites(db());
    const refused = await upload(returnFile([], RETURNED_ON), 'returns.ach', agent);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual([permissionRefusal('payments.record_returns')]);
    expect(await countWrites(db())).toEqual(before);
  });

  it('records each return once when the same file is sent five times at once', async () => {
    const sent = await sentDebits(4);
    const text = returnFile(
      sent.map((one) => ({ code: 'R01', originalTrace: one.entry.traceNumber, amountCents: one.entry.amountCents })),
      RETURNED_ON,
    );
    const answers = await Promise.all(Array.from({ length: 5 }, () => upload(text)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    for (const one of sent) expect(await bouncesOf(one.payment.id)).toHaveLength(1);
  });
});

describe('the failed-debit count per bank account (12 CFR 1041.8(b))', () => {
  it('does not stop on one failure on each of two accounts, and stops on two in a row on one', async () => {
    const debit = await aDebitCase(t);
    const presentOn = async (paymentId: number) => {
      await db().update(payments).set({ due: FILE_DAYS.effectiveDate }).where(eq(payments.id, paymentId));
      expect((await callAsStaff(t.app, admin, 'POST', 'ach/files')).statusCode).toBe(200);
      const [entry] = await db().select().from(achEntries).where(eq(achEntries.paymentId, paymentId));
      return entry!;
    };
    const returnIt = async (entry: { traceNumber: string; amountCents: number }, code = 'R01') =>
      (
        await upload(
          returnFile([{ code, originalTrace: entry.traceNumber, amountCents: entry.amountCents }], RETURNED_ON),
        )
      ).json();

    // The December installment goes out on the account on file and comes back.
    const first = await presentOn(debit.schedule[2]!.id);
    await returnIt(first);
    // The customer gives a new account; January's installment goes out on it and comes back too.
    await db()
      .insert(bankAccounts)
      .values({ customerId: debit.customerId, ...storedBankNumbers({ routing: '011000015', account: '000998877' }) });
    const second = await presentOn(debit.schedule[3]!.id);
    expect(second.bankAccountId).not.toBe(first.bankAccountId);
    const other = await returnIt(second, 'R03');
    expect(other.applied[0].sentence).not.toMatch(/Automatic debits are stopped/);
    expect(await db().select().from(debitStops).where(eq(debitStops.customerId, debit.customerId))).toEqual([]);

    // February's on the new account comes back as well: two in a row there, and debits stop.
    const third = await presentOn(debit.schedule[4]!.id);
    expect(third.bankAccountId).toBe(second.bankAccountId);
    const stopped = await returnIt(third);
    expect(stopped.applied[0].sentence).toMatch(/Two withdrawals in a row failed \(R03 on .*, R01 on .*\)/);
    expect(await db().select().from(debitStops).where(eq(debitStops.customerId, debit.customerId))).toHaveLength(1);
  });
});

describe('GET ach/returns', () => {
  it('lists the return files imported, newest first', async () => {
    const response = await callAsStaff(t.app, admin, 'GET', 'ach/returns');
    expect(response.statusCode).toBe(200);
    const { files } = response.json();
    expect(files.length).toBeGreaterThan(0);
    expect(files[0]).toMatchObject({ imported_by: expect.any(String) });
  });
});
