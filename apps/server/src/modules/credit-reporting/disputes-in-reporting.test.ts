import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { acdvRequests, auditEvents, creditReportAdjustments } from '@portal/db';
import { createCustomer, createLoan } from '@portal/db/testing';
import { customerCommentsOf } from '../../testing/customer-comments.ts';
import { callDisputes, disputeRow, useDisputeHolder } from '../../testing/dispute-test-helpers.ts';
import { countRows } from '../../testing/row-counts.ts';
import { JANE_DOE } from '../../testing/sample-dispute-sender.ts';
import { useStaffSession } from '../../testing/use-test-app.ts';
import { ACDV_FIELD_NAMES } from './acdv-fields.ts';
import { validateMetro2File } from './metro2-file-validator.ts';

// Disputes flow into credit reporting (decision 049), through the calls staff make: an open dispute
// is reported XB by the FCRA lookup and the correction file; resolved with the consumer still
// disagreeing, XC; resolved in the consumer's favour, a Resend waits for the next correction file,
// which carries the loan (XH that month). The same for an ACDV answered 21 with the consumer
// disagreeing. The test clock stands at 2026-11-21 (Los Angeles).

const START = new Date('2026-11-21T17:00:00Z');
const { t, holder, heldDispute } = useDisputeHolder(START);
const desk = useStaffSession(t, ['agent', 'credit_reporting']);

const lookup = async (loanId: number) => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/internal/api/fcra_dashboard/fcra_lookup',
    headers: desk.headers,
    query: { loan_id: String(loanId) },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
};
const complianceOf = async (loanId: number) => (await lookup(loanId)).loan.account.compliance_condition_code;

// The next correction file, read back through the validator: each loan's record by account number.
async function correctionFile() {
  const made = await t.app.inject({
    method: 'POST',
    url: '/internal/api/cr_adj/correction_file',
    headers: desk.headers,
  });
  expect(made.statusCode).toBe(200);
  const { file } = made.json();
  const download = await t.app.inject({
    method: 'GET',
    url: `/internal/api/fcra/reporting_files/${file.id}`,
    headers: desk.headers,
  });
  const checked = validateMetro2File(download.body);
  expect(checked.errors).toEqual([]);
  return {
    fileId: file.id as number,
    complianceOf: (loanId: number) =>
      checked.records.find((record) => record.consumerAccountNumber?.trim() === String(loanId))
        ?.complianceConditionCode,
  };
}

async function disputedLoan() {
  const customer = await createCustomer(t.database.db, { firstName: 'Jane', lastName: 'Doe' });
  const { loan } = await createLoan(t.database.db, {
    customerId: customer.id,
    fundedOn: '2026-06-01',
    paidInstallments: 5,
  });
  const dispute = await heldDispute({
    customerId: customer.id,
    loanId: loan.id,
    receivedAt: new Date('2026-11-02T17:00:00Z'),
    ...JANE_DOE,
    type: 'Dispute::Other',
  });
  return { customer, loan, dispute };
}

const resolve = (id: number, outcome: Record<string, unknown>) =>
  callDisputes(t, holder, 'PATCH', 'resolve_dispute', { id, response_type: 'DisputeResponse::Validation', ...outcome });

const adjustmentsOf = (loanId: number) =>
  t.database.db.select().from(creditReportAdjustments).where(eq(creditReportAdjustments.loanId, loanId));

describe('a direct dispute in credit reporting', () => {
  it('is XB while open (lookup, grid, correction file), then XC once resolved with the consumer disagreeing', async () => {
    const { customer, loan, dispute } = await disputedLoan();
    const open = await lookup(loan.id);
    expect(open.loan.account.compliance_condition_code).toBe('XB');
    // November's cell of this year's row.
    expect(open.loan.history[0].compliance[10]).toBe('XB');
    expect(open.loan.history[0].compliance[9]).toBeNull();

    const resend = await t.app.inject({
      method: 'PUT',
      url: '/internal/api/cr_adj/create_and_notify',
      headers: desk.headers,
      payload: { user_id: customer.id, loan_id: loan.id, adj_type: 'resend' },
    });
    expect(resend.statusCode).toBe(201);
    expect((await correctionFile()).complianceOf(loan.id)).toBe('XB');

    const resolved = await resolve(dispute.id, { consumer_disagrees: true });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().dispute).toMatchObject({ status: 'resolved', consumer_disagrees: true });
    expect(await complianceOf(loan.id)).toBe('XC');
    expect(await adjustmentsOf(loan.id)).toHaveLength(1);
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'dispute.resolved'), eq(auditEvents.entityId, String(dispute.id))));
    expect(event?.after).toMatchObject({
      consumerDisagrees: true,
      inConsumersFavour: false,
      correctionAdjustmentId: null,
    });
  });

  it("resolved in the consumer's favour: a Resend waits for the next correction file, which carries the loan (XH)", async () => {
    const { customer, loan, dispute } = await disputedLoan();
    const resolved = await resolve(dispute.id, { in_consumers_favour: true });
    expect(resolved.statusCode).toBe(200);
    const [adjustment] = await adjustmentsOf(loan.id);
    expect(adjustment).toMatchObject({
      adjType: 'resend',
      source: 'dispute',
      disputeId: dispute.id,
      genAdjFile: true,
      processedAt: null,
      effectiveOn: '2026-11-21',
      createdBy: holder.employeeId,
    });
    const [note] = await customerCommentsOf(t.database.db, customer.id);
    expect(note?.body).toBe(
      `Dispute #${dispute.id} resolved: Validation. Resolved in the consumer's favour: Credit report adjustment #${adjustment!.id} (Resend) sends loan ${loan.id} as corrected in the next Metro 2 correction file.`,
    );
    const created = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'credit_reporting.adjustment_created'), eq(auditEvents.entityId, String(loan.id))),
      );
    expect(created.map((event) => event.after)).toEqual([
      expect.objectContaining({ adjustment_id: adjustment!.id, source: 'dispute', dispute_id: dispute.id }),
    ]);
    const view = await lookup(loan.id);
    expect(view.loan.account.compliance_condition_code).toBe('XH');
    expect(view.loan.past_adjustments).toEqual([
      expect.objectContaining({ adj_type: 'resend', source: 'dispute', processed: false }),
    ]);

    const file = await correctionFile();
    expect(file.complianceOf(loan.id)).toBe('XH');
    const [sent] = await adjustmentsOf(loan.id);
    expect(sent).toMatchObject({ correctionFileId: file.fileId });
    expect(sent!.processedAt).not.toBeNull();
  });

  it('refuses an outcome without a loan, writing nothing; queues nothing for a loan the bureaus are told to delete', async () => {
    const noLoan = await heldDispute({ firstName: 'Jane', lastName: 'Doe', type: 'Dispute::Other' });
    const before = {
      audit: await countRows(t.database.db, auditEvents),
      adjustments: await countRows(t.database.db, creditReportAdjustments),
    };
    const refused = await callDisputes(t, holder, 'PATCH', 'resolve_dispute', {
      id: noLoan.id,
      response_type: 'DisputeResponse::NoResponse',
      in_consumers_favour: true,
      consumer_disagrees: true,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      "A resolution in the consumer's favour needs a Loan ID: the corrected loan is sent to the credit bureaus.",
      'A consumer who still disagrees needs a Loan ID: the loan is reported as disputed (XC).',
    ]);
    expect((await disputeRow(t.database.db, noLoan.id)).resolvedAt).toBeNull();
    expect({
      audit: await countRows(t.database.db, auditEvents),
      adjustments: await countRows(t.database.db, creditReportAdjustments),
    }).toEqual(before);

    const { customer, loan, dispute } = await disputedLoan();
    await t.app.inject({
      method: 'PUT',
      url: '/internal/api/cr_adj/create_and_notify',
      headers: desk.headers,
      payload: { user_id: customer.id, loan_id: loan.id, adj_type: 'delete' },
    });
    expect((await resolve(dispute.id, { in_consumers_favour: true })).statusCode).toBe(200);
    expect((await adjustmentsOf(loan.id)).map((row) => row.adjType)).toEqual(['delete']);
    expect((await lookup(loan.id)).loan.account.account_status).toBe('DA');
  });
});

describe('an ACDV in credit reporting', () => {
  const answer = (controlNumber: string, code: string, consumerDisagrees: boolean) =>
    t.app.inject({
      method: 'POST',
      url: '/internal/api/fcra/acdv_response',
      headers: desk.headers,
      payload: {
        control_number: controlNumber,
        acdv_response_code: code,
        response_verification: Object.fromEntries(ACDV_FIELD_NAMES.map((name) => [name, 'SAME'])),
        consumer_disagrees: consumerDisagrees,
      },
    });

  async function acdvOfLoan(controlNumber: string) {
    const customer = await createCustomer(t.database.db);
    const { loan } = await createLoan(t.database.db, {
      customerId: customer.id,
      fundedOn: '2026-06-01',
      paidInstallments: 5,
    });
    await t.database.db.insert(acdvRequests).values({
      controlNumber,
      disputeCode: '001',
      receivedOn: '2026-11-10',
      responseDueOn: '2026-12-10',
      consumer: {},
      account: {},
      loanId: loan.id,
      customerId: customer.id,
    });
    return loan;
  }

  it('answered 21 with the consumer disagreeing: XC, answered as XC, a Resend the next correction file carries', async () => {
    const loan = await acdvOfLoan('CN-XC-1');
    expect(await complianceOf(loan.id)).toBe('XB');
    const answered = await answer('CN-XC-1', '21', true);
    expect(answered.statusCode).toBe(200);
    const [adjustment] = await adjustmentsOf(loan.id);
    expect(answered.json().message).toBe(
      `ACDV CN-XC-1 answered 21: Updated disputed info only. Credit report adjustment #${adjustment!.id} (Resend) sends loan ${loan.id} as corrected in the next Metro 2 correction file.`,
    );
    expect(adjustment).toMatchObject({ adjType: 'resend', source: 'acdv', genAdjFile: true, processedAt: null });
    expect(await complianceOf(loan.id)).toBe('XC');
    const [row] = await t.database.db.select().from(acdvRequests).where(eq(acdvRequests.controlNumber, 'CN-XC-1'));
    expect(row).toMatchObject({
      consumerDisagrees: true,
      respondedAccount: expect.objectContaining({ compliance_condition_code: 'XC' }),
    });

    // The response file tells the bureau that asked; the Resend still waits for the correction file.
    const recorded = await t.app.inject({
      method: 'PATCH',
      url: '/internal/api/fcra/record_and_process_acdvs',
      headers: desk.headers,
    });
    expect(recorded.statusCode).toBe(200);
    expect((await adjustmentsOf(loan.id))[0]!.processedAt).toBeNull();
    expect((await correctionFile()).complianceOf(loan.id)).toBe('XC');
  });

  it('refuses the consumer disagreeing with a deletion, writing nothing', async () => {
    const loan = await acdvOfLoan('CN-DEL-1');
    const refused = await answer('CN-DEL-1', '03', true);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      "An ACDV answered 03 deletes the account: there is no account left to report the consumer's disagreement on.",
    ]);
    const [row] = await t.database.db.select().from(acdvRequests).where(eq(acdvRequests.controlNumber, 'CN-DEL-1'));
    expect(row!.respondedAt).toBeNull();
    expect(await adjustmentsOf(loan.id)).toEqual([]);
  });
});
