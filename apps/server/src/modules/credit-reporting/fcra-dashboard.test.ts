import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, customerBankruptcies, documents, loans, messages } from '@portal/db';
import { createCustomer, createLoan } from '@portal/db/testing';
import { customerCommentsOf } from '../../testing/customer-comments.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import type { StaffSession } from '../../testing/staff-session.ts';
import { callAsStaff } from '../../testing/staff-helpers.ts';
import { expectErrors } from '../../testing/error-answers.ts';

// The FCRA lookup and its actions (spec 001 sections 2, 3, 5, 8): the loan as reported on a date,
// bankruptcy filing and discharge with the form's rules, the 103 mailer. The test clock stands at
// 2026-11-21 (business date in Los Angeles).

const t = useTestApp();
const desk = useStaffSession(t, ['agent', 'credit_reporting']);
const agent = useStaffSession(t, ['agent']);

function call(staff: StaffSession, method: 'GET' | 'POST' | 'PATCH', path: string, payload: Record<string, unknown>) {
  return callAsStaff(t.app, staff, method, `fcra_dashboard/${path}`, payload);
}

// A customer with two loans: the searched one funded 2026-06-01 (six monthly payments of the
// factory's schedule, two paid on time) and an older one paid off.
async function customerWithLoans() {
  const customer = await createCustomer(t.database.db);
  const { loan, payments } = await createLoan(t.database.db, {
    customerId: customer.id,
    fundedOn: '2026-06-01',
    principalCents: 60_000,
    paidInstallments: 2,
  });
  const older = await createLoan(t.database.db, { customerId: customer.id, fundedOn: '2025-01-05', state: 'paid_off' });
  return { customer, loan, payments, older: older.loan };
}

describe('GET fcra_dashboard/fcra_lookup', () => {
  it('reports the loan on the report date: account, consumer, payments, grid, user and other loans', async () => {
    const { customer, loan, payments, older } = await customerWithLoans();
    const response = await call(agent, 'GET', 'fcra_lookup', { loan_id: String(loan.id), report_date: '2026-09-15' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.report_date).toBe('2026-09-15');
    // July and August paid; September 1 unpaid for 14 days: current (11), one payment past due.
    expect(body.loan.account).toMatchObject({
      account_number: String(loan.id),
      account_status: '11',
      portfolio_type: 'I',
      terms_duration: 6,
      terms_frequency: 'M',
      date_opened: '2026-06-01',
      days_past_due: 14,
      amount_past_due: payments[2]!.expectedAmountCents / 100,
      reported: true,
      ecoa_code: '1',
    });
    expect(body.loan.consumer).toMatchObject({ first_name: customer.firstName, last_name: customer.lastName });
    expect(body.loan.payment_detail.map((row: { status: string }) => row.status)).toEqual([
      'paid',
      'paid',
      'late',
      'due',
      'due',
      'due',
    ]);
    expect(body.loan.history).toHaveLength(7);
    expect(body.loan.history[0]).toEqual({
      year: 2026,
      months: ['B', 'B', 'B', 'B', 'B', '0', '0', '0', '0', null, null, null],
      compliance: Array(12).fill(null),
    });
    expect(body.loan.refinance_chain_ids).toEqual([loan.id]);
    expect(body.user).toMatchObject({ id: customer.id, dnc: false, dnl: false, bankruptcy: null });
    expect(body.additional_loans).toEqual([
      expect.objectContaining({ id: older.id, status: 'PAID OFF', current_balance: 0 }),
    ]);
  });

  it('reports nothing of a loan not yet funded on the date, and today without a date', async () => {
    const { loan } = await customerWithLoans();
    const before = await call(agent, 'GET', 'fcra_lookup', { loan_id: String(loan.id), report_date: '2026-05-01' });
    expect(before.json().loan.account).toBeNull();
    const today = await call(agent, 'GET', 'fcra_lookup', { loan_id: String(loan.id) });
    expect(today.json().report_date).toBe('2026-11-21');
  });

  it.each([
    [{ loan_id: 'abc' }, 400],
    [{ loan_id: '1', report_date: '2026-02-30' }, 400],
    [{ loan_id: '1', report_date: 'yesterday' }, 400],
    [{ loan_id: '999999' }, 404],
  ])('refuses %j with %i', async (query, status) => {
    const response = await call(agent, 'GET', 'fcra_lookup', query);
    expect(response.statusCode).toBe(status);
    expect(response.json().errors.length).toBeGreaterThan(0);
  });

  it('refuses a report date after today', async () => {
    const { loan } = await customerWithLoans();
    const response = await call(agent, 'GET', 'fcra_lookup', { loan_id: String(loan.id), report_date: '2026-12-01' });
    expectErrors(response, 422, ['The report date cannot be after today (2026-11-21).']);
  });
});

describe('POST fcra_file_bankruptcy and PATCH fcra_discharge_bankruptcy', () => {
  it('refuses an incomplete form with the spec rules and writes nothing', async () => {
    const before = (await t.database.db.select().from(customerBankruptcies)).length;
    const response = await call(desk, 'POST', 'fcra_file_bankruptcy', {
      id: 'x1',
      case_code: '24-100',
      b_type: '11',
      date_filed: '',
    });
    expectErrors(response, 422, [
      'Date filed is required.',
      'Loan ID must be numeric.',
      'Case code must be numeric.',
      'Bankruptcy type must be 7 or 13.',
    ]);
    expect(await t.database.db.select().from(customerBankruptcies)).toHaveLength(before);
  });

  it('is the credit reporting desk’s: others get 403', async () => {
    const { loan } = await customerWithLoans();
    const response = await call(agent, 'POST', 'fcra_file_bankruptcy', {
      id: loan.id,
      case_code: '2610001',
      b_type: 7,
      date_filed: '2026-10-01',
    });
    expect(response.statusCode).toBe(403);
  });

  it('takes the ids and the bankruptcy type as JSON numbers (spec 001: type 7 or 13)', async () => {
    const { loan } = await customerWithLoans();
    const filed = await call(desk, 'POST', 'fcra_file_bankruptcy', {
      id: loan.id,
      case_code: 2610002,
      b_type: 13,
      date_filed: '2026-10-01',
    });
    expect(filed.statusCode).toBe(200);
    expect(filed.json().bankruptcy).toMatchObject({ case_code: '2610002', b_type: 13 });
    const discharged = await call(desk, 'PATCH', 'fcra_discharge_bankruptcy', {
      id: loan.id,
      case_code: 2610002,
      b_type: 13,
      date_discharged: '2026-11-20',
    });
    expect(discharged.statusCode).toBe(200);
    expect(discharged.json().bankruptcy).toMatchObject({ b_type: 13, discharged: '2026-11-20' });
  });

  it('files, changing what is reported from that date, stops debits, notes and audits; then discharges', async () => {
    const { customer, loan } = await customerWithLoans();
    const filed = await call(desk, 'POST', 'fcra_file_bankruptcy', {
      id: String(loan.id),
      case_code: '2610001',
      b_type: '7',
      date_filed: '2026-10-01',
    });
    expect(filed.statusCode).toBe(200);
    expect(filed.json()).toMatchObject({
      message: 'Successfully filed bankruptcy',
      bankruptcy: { case_code: '2610001', b_type: 7, filed: '2026-10-01', consumer_information_indicator: 'A' },
    });
    const [after] = await t.database.db.select().from(loans).where(eq(loans.id, loan.id));
    expect(after!.autoDebit).toBe(false);
    const lookup = async (date: string) =>
      (await call(agent, 'GET', 'fcra_lookup', { loan_id: String(loan.id), report_date: date })).json();
    expect((await lookup('2026-09-30')).loan.account.consumer_information_indicator).toBeNull();
    expect((await lookup('2026-10-02')).loan.account.consumer_information_indicator).toBe('A');
    expect((await lookup('2026-10-02')).user.bankruptcy).toMatchObject({ case_code: '2610001', filed: '2026-10-01' });

    const early = await call(desk, 'PATCH', 'fcra_discharge_bankruptcy', {
      id: loan.id,
      case_code: '2610001',
      b_type: '7',
      date_discharged: '2026-09-01',
    });
    expectErrors(early, 409, ['Case 2610001 was filed on 2026-10-01; it cannot be discharged before that.']);

    const discharged = await call(desk, 'PATCH', 'fcra_discharge_bankruptcy', {
      id: loan.id,
      case_code: '2610001',
      b_type: '7',
      date_discharged: '2026-11-20',
    });
    expect(discharged.json()).toMatchObject({
      message: 'Successfully discharged bankruptcy',
      bankruptcy: { filed: '2026-10-01', discharged: '2026-11-20', consumer_information_indicator: 'E' },
    });
    expect((await lookup('2026-11-21')).loan.account).toMatchObject({
      account_status: '13',
      current_balance: 0,
      date_closed: '2026-11-20',
      consumer_information_indicator: 'E',
    });
    const notes = await customerCommentsOf(t.database.db, customer.id);
    expect(notes.map((note) => note.body)).toEqual([
      expect.stringMatching(/^FCRA: bankruptcy filed \(loan #\d+\)\. Chapter 7 case 2610001 filed 2026-10-01/),
      expect.stringMatching(/^FCRA: bankruptcy discharged/),
    ]);
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(customer.id)));
    expect(events.map((event) => event.action)).toEqual(
      expect.arrayContaining(['credit_reporting.bankruptcy_filed', 'credit_reporting.bankruptcy_discharged']),
    );
  });

  it('names a case recorded from a notice by its digits', async () => {
    const { customer, loan } = await customerWithLoans();
    await t.database.db.insert(customerBankruptcies).values({
      customerId: customer.id,
      caseNumber: '26-20002',
      chapter: 13,
      filedOn: '2026-08-01',
      consumerInformationIndicator: 'D',
    });
    const response = await call(desk, 'PATCH', 'fcra_discharge_bankruptcy', {
      id: loan.id,
      case_code: '2620002',
      b_type: '13',
      date_discharged: '2026-11-01',
    });
    expect(response.json().bankruptcy).toMatchObject({ case_code: '26-20002', consumer_information_indicator: 'H' });
    const cases = await t.database.db
      .select()
      .from(customerBankruptcies)
      .where(eq(customerBankruptcies.customerId, customer.id));
    expect(cases).toHaveLength(1);
  });

  it('answers 404 for a loan that does not exist', async () => {
    const response = await call(desk, 'POST', 'fcra_file_bankruptcy', {
      id: '999999',
      case_code: '1',
      b_type: '7',
      date_filed: '2026-10-01',
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST fcra_dashboard/fcra_mailer', () => {
  it('sends the 103 mailer as a PDF letter, kept in the documents and the outbox', async () => {
    const { customer, loan } = await customerWithLoans();
    const response = await call(desk, 'POST', 'fcra_mailer', { id: loan.id, code: '103' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Successfully sent mailer' });
    const [document] = await t.database.db.select().from(documents).where(eq(documents.customerId, customer.id));
    expect(document).toMatchObject({ kind: 'fcra_103_mailer', contentType: 'application/pdf' });
    const sent = await t.database.db.select().from(messages).where(eq(messages.customerId, customer.id));
    expect(sent).toHaveLength(1);
  });

  it.each([
    [{ id: 1, code: '' }, 422, 'Code is required: the 103 mailer is code 103.'],
    [{ id: 1, code: '101' }, 422, 'There is no 101 mailer; the FCRA lookup sends the 103 mailer (code 103).'],
  ])('refuses %j', async (payload, status, message) => {
    const response = await call(desk, 'POST', 'fcra_mailer', payload);
    expectErrors(response, status, [message]);
  });
});
