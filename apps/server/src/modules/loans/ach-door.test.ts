import { describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { DEBIT_DUTIES, type DebitDuty } from '@portal/contracts';
import { achEntries, achRefusals, payments } from '@portal/db';
import { aDebitCase, debitDutySetups, debitPaths, FILE_DAYS, type DebitPathStaff } from '../../testing/debit-paths.ts';
import { parseNacha } from '../../testing/nacha-parser.ts';
import { callAsStaff } from '../../testing/staff-helpers.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';

// The door for money (issue 41, decision 068), crossed with every way a debit comes to be due: each
// path creates a debit in the file's days through the API, then one duty is made true of the
// customer from facts alone (no screen saw it), and one file is built. A path with no duty must
// reach the file (so the table can fail); a path with any duty must not, and its payment stays due
// with the duty named.

const t = useTestApp();
const agent = useStaffSession(t);
const admin = useStaffSession(t, ['agent', 'payments_admin']);

type Cell = { path: string; duty: DebitDuty | null; paymentId: number };

// The re-presentment path's debit presents a payment that came back R01 on November 3: a duty set up
// by another return (the unauthorized R10 of October, the R02 on the debit itself) makes two
// failures in a row with it, which the stop finds first. Either way the debit stays out.
const alsoHolds = (cell: Cell): DebitDuty[] =>
  cell.path.includes('re-presentment') && (cell.duty === 'unauthorized_return' || cell.duty === 're_presentment_limit')
    ? ['failed_debit_stop']
    : [];

describe('the ACH file as the door for money', () => {
  it('admits the debit of every path with no duty, and refuses it past any duty', async () => {
    const staff: DebitPathStaff = { agent, admin };
    const cells: Cell[] = [];
    for (const [path, drive] of Object.entries(debitPaths))
      for (const duty of [null, ...DEBIT_DUTIES]) {
        const debit = await aDebitCase(t);
        const paymentId = await drive(t, staff, debit);
        if (duty) await debitDutySetups[duty](t, debit, paymentId);
        cells.push({ path, duty, paymentId });
      }

    const built = await callAsStaff(t.app, admin, 'POST', 'ach/files');
    expect(built.statusCode, built.body).toBe(200);
    const file = built.json().file;
    expect(file).toMatchObject({ processing_date: FILE_DAYS.processingDate, effective_date: FILE_DAYS.effectiveDate });

    const ids = cells.map((cell) => cell.paymentId);
    const entries = await t.database.db.select().from(achEntries).where(inArray(achEntries.paymentId, ids));
    const refusals = await t.database.db.select().from(achRefusals).where(inArray(achRefusals.paymentId, ids));
    const rows = await t.database.db.select().from(payments).where(inArray(payments.id, ids));
    const download = await callAsStaff(t.app, admin, 'GET', `ach/files/${file.id}`);
    const inFile = new Set(
      parseNacha(download.body).batches.flatMap((batch) =>
        batch.entries.map((entry) => entry.identificationNumber.trim()),
      ),
    );

    const wrong = cells.flatMap((cell) => {
      const entry = entries.find((row) => row.paymentId === cell.paymentId);
      const refusal = refusals.find((row) => row.paymentId === cell.paymentId);
      const payment = rows.find((row) => row.id === cell.paymentId)!;
      const where = `${cell.path} x ${cell.duty ?? 'no duty'} (payment ${cell.paymentId})`;
      if (cell.duty === null)
        return entry && !refusal && payment.processingAt && inFile.has(String(cell.paymentId))
          ? []
          : [`${where}: not in the file${refusal ? ` (${refusal.duty}: ${refusal.sentence})` : ''}`];
      const duties = [cell.duty, ...alsoHolds(cell)];
      if (entry || inFile.has(String(cell.paymentId)) || payment.processingAt) return [`${where}: reached the file`];
      if (!refusal || !duties.includes(refusal.duty as DebitDuty))
        return [`${where}: refused as ${refusal?.duty ?? 'nothing'}, not ${cell.duty}`];
      return [];
    });
    expect(wrong).toEqual([]);
    expect(cells.length).toBe(Object.keys(debitPaths).length * (DEBIT_DUTIES.length + 1));
  });
});
