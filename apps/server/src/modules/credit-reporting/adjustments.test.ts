import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, creditReportAdjustments, creditReportingFiles } from '@portal/db';
import { createCustomer, createLoan } from '@portal/db/testing';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import type { StaffSession } from '../../testing/staff-session.ts';
import { validateMetro2File } from './metro2-file-validator.ts';
import { callAsStaff } from '../../testing/staff-helpers.ts';

// PUT cr_adj/create_and_notify (spec 001 sections 2, 3, 7, 8) and the correction file: what each
// adjustment type changes in what is reported, the 201 with its results, the refusals that write
// nothing, and the Metro 2 file of the adjustments waiting for one.

const t = useTestApp();
const desk = useStaffSession(t, ['agent', 'credit_reporting']);
const agent = useStaffSession(t, ['agent']);

const adjust = (staff: StaffSession, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/internal/api/cr_adj/create_and_notify', headers: staff.headers, payload });
const lookup = async (loanId: number) =>
  (await callAsStaff(t.app, desk, 'GET', 'fcra_dashboard/fcra_lookup', { loan_id: String(loanId) })).json();
const adjustmentCount = async () => (await t.database.db.select().from(creditReportAdjustments)).length;

async function fundedLoan() {
  const customer = await createCustomer(t.database.db);
  const { loan } = await createLoan(t.database.db, {
    customerId: customer.id,
    fundedOn: '2026-06-01',
    paidInstallments: 5,
  });
  return { customer, loan };
}

describe('PUT cr_adj/create_and_notify', () => {
  it('Delete: 201 with its results; reported as DA from today; waits for the correction file; noted and audited', async () => {
    const { customer, loan } = await fundedLoan();
    const response = await adjust(desk, {
      user_id: customer.id,
      loan_id: loan.id,
      adj_type: 'delete',
      reason: 'Opened through identity theft (police report 44-1).',
      gen_adj_file: true,
    });
    expect(response.statusCode).toBe(201);
    const { results, adjustment_id: id } = response.json();
    expect(results[0]).toBe(
      `Credit report adjustment #${id} recorded: Delete for loan ${loan.id} of user ${customer.id}.`,
    );
    expect(results[1]).toBe(`Loan ${loan.id} is reported as deleted (account status DA) from 2026-11-21.`);
    expect(results[2]).toMatch(
      /^Its correction record goes in the next Metro 2 correction file \(\d+ adjustments? waiting\)\.$/,
    );
    const view = await lookup(loan.id);
    expect(view.loan.account.account_status).toBe('DA');
    expect(view.loan.past_adjustments).toEqual([
      expect.objectContaining({
        id,
        adj_type: 'delete',
        processed: false,
        reason: 'Opened through identity theft (police report 44-1).',
      }),
    ]);
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'credit_reporting.adjustment_created'));
    expect(events.some((event) => (event.after as { adjustment_id: number }).adjustment_id === id)).toBe(true);
  });

  it('Do Not Report: no file, processed at once, the loan no longer reported until a Resend', async () => {
    const { customer, loan } = await fundedLoan();
    const quiet = await adjust(desk, {
      user_id: customer.id,
      loan_id: loan.id,
      adj_type: 'do_not_report',
      gen_adj_file: false,
    });
    expect(quiet.statusCode).toBe(201);
    expect(quiet.json().results).toContain('Nothing is sent to the credit bureaus for it.');
    expect((await lookup(loan.id)).loan.account.reported).toBe(false);
    const resend = await adjust(desk, { user_id: customer.id, loan_id: loan.id, adj_type: 'resend', reason: null });
    expect(resend.json().results[1]).toMatch(
      new RegExp(`^Loan ${loan.id} will be sent again as it stands on 2026-11-21: account status 11, balance \\$`),
    );
    const view = await lookup(loan.id);
    expect(view.loan.account.reported).toBe(true);
    expect(
      view.loan.past_adjustments.map((row: { adj_type: string; processed: boolean }) => [row.adj_type, row.processed]),
    ).toEqual([
      ['do_not_report', true],
      ['resend', false],
    ]);
  });

  it.each([
    ['an unknown type', { adj_type: 'erase' }, 400, 'Adjustment Type must be Delete, Resend or Do Not Report.'],
    [
      'gen_adj_file true for Do Not Report',
      { adj_type: 'do_not_report', gen_adj_file: true },
      422,
      'gen_adj_file must be false for Do Not Report: nothing is sent to the credit bureaus.',
    ],
    [
      'gen_adj_file false for Delete',
      { adj_type: 'delete', gen_adj_file: false },
      422,
      'gen_adj_file must be true for Delete: the credit bureaus learn of it through the correction file.',
    ],
  ])('refuses %s and writes nothing', async (_name, change, status, message) => {
    const { customer, loan } = await fundedLoan();
    const before = await adjustmentCount();
    const response = await adjust(desk, { user_id: customer.id, loan_id: loan.id, ...change });
    expect(response.statusCode).toBe(status);
    expect(response.json().errors.join(' ')).toContain(message);
    expect(await adjustmentCount()).toBe(before);
  });

  // Issue 28: an empty form (the ids come as null) said only 'An id must be a number.'.
  it('names the empty fields of an empty form, and writes nothing', async () => {
    const before = await adjustmentCount();
    const empty = await adjust(desk, { user_id: null, loan_id: null, adj_type: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([
      'Please enter the loan ID.',
      'Please enter the user ID.',
      'Adjustment Type must be Delete, Resend or Do Not Report.',
    ]);
    const left = await adjust(desk, { adj_type: 'delete' });
    expect(left.json().errors).toEqual(['Please enter the loan ID.', 'Please enter the user ID.']);
    // A value that is there but no id still says so.
    const typed = await adjust(desk, { user_id: 'twelve', loan_id: 7, adj_type: 'delete' });
    expect(typed.json().errors).toEqual(['An id must be a number.']);
    expect(await adjustmentCount()).toBe(before);
  });

  it('refuses a loan of another user, an unknown loan, a loan never funded, and staff without the role', async () => {
    const { loan } = await fundedLoan();
    const other = await createCustomer(t.database.db);
    const before = await adjustmentCount();
    const wrongUser = await adjust(desk, { user_id: other.id, loan_id: loan.id, adj_type: 'delete' });
    expect(wrongUser.statusCode).toBe(422);
    expect(wrongUser.json().errors[0]).toMatch(/^Loan \d+ belongs to user \d+, not user \d+\./);
    expect((await adjust(desk, { user_id: other.id, loan_id: 999_999, adj_type: 'delete' })).statusCode).toBe(404);
    const { loan: applied } = await createLoan(t.database.db, { customerId: other.id, state: 'approved' });
    const unfunded = await adjust(desk, { user_id: other.id, loan_id: applied.id, adj_type: 'resend' });
    expect(unfunded.statusCode).toBe(409);
    expect((await adjust(agent, { user_id: other.id, loan_id: loan.id, adj_type: 'delete' })).statusCode).toBe(403);
    expect(await adjustmentCount()).toBe(before);
  });
});

describe('POST cr_adj/correction_file', () => {
  it('writes one Metro 2 record per waiting loan, valid by the layout, and marks the adjustments processed', async () => {
    const first = await fundedLoan();
    const second = await fundedLoan();
    await adjust(desk, { user_id: first.customer.id, loan_id: first.loan.id, adj_type: 'delete' });
    await adjust(desk, { user_id: second.customer.id, loan_id: second.loan.id, adj_type: 'resend' });
    const response = await callAsStaff(t.app, desk, 'POST', 'cr_adj/correction_file');
    expect(response.statusCode).toBe(200);
    const { file, message } = response.json();
    expect(message).toMatch(
      /^Wrote \d+ Metro 2 records for \d+ adjustments in metro2-corrections-2026-11-21-\d+\.txt\.$/,
    );

    const download = await callAsStaff(t.app, desk, 'GET', `fcra/reporting_files/${file.id}`);
    expect(download.statusCode).toBe(200);
    const checked = validateMetro2File(download.body);
    expect(checked.errors).toEqual([]);
    expect(checked.records).toHaveLength(file.record_count);
    const statusOf = (loanId: number) =>
      checked.records.find((record) => record.consumerAccountNumber?.trim() === String(loanId))?.accountStatus;
    expect(statusOf(first.loan.id)).toBe('DA');
    expect(statusOf(second.loan.id)).toBe('11');

    const pending = await t.database.db
      .select()
      .from(creditReportAdjustments)
      .where(eq(creditReportAdjustments.correctionFileId, file.id));
    expect(pending.length).toBeGreaterThanOrEqual(2);
    expect(pending.every((row) => row.processedAt !== null)).toBe(true);
    expect((await lookup(first.loan.id)).loan.past_adjustments[0].processed).toBe(true);

    const again = await callAsStaff(t.app, desk, 'POST', 'cr_adj/correction_file');
    expect(again.json()).toEqual({ message: 'No adjustments are waiting for a correction file.', file: null });
    expect(
      await t.database.db.select().from(creditReportingFiles).where(eq(creditReportingFiles.id, file.id)),
    ).toHaveLength(1);
  });

  it('is refused to staff without the role', async () => {
    const response = await callAsStaff(t.app, agent, 'POST', 'cr_adj/correction_file');
    expect(response.statusCode).toBe(403);
  });
});
