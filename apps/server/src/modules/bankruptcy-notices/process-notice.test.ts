import { describe, expect, it } from 'vitest';
import { EMPTY_NOTICE_FIELDS } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { auditEvents, bankruptcyNotices, customerBankruptcies, customerComments, loans } from '@portal/db';
import { createCustomer, createLoan } from '@portal/db/testing';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { auditOf, noticeCall, noticeRow, uploadSample } from '../../testing/notice-test-kit.ts';
import type { SampleNoticeFields, SampleNoticeKind } from '@portal/demo-data/samples';

// POST bankruptcy_notices/:id/process_notice: the notice form's rule refuses an incomplete notice
// with every message; a complete one is processed and applied to the matched customer.

const t = useTestApp();
// Of the bankruptcy desk, who may upload notices (bankruptcy.create_notices).
const agent = useStaffSession(t, ['agent', 'bankruptcy']);

type Data = Record<string, string | null>;
const empty: Data = { ...EMPTY_NOTICE_FIELDS };
const complete: Data = {
  ...empty,
  case_number: '24-50001',
  court_district: 'CAN',
  b_type: '7',
  debtor_name: 'Jo Public',
  debtor_ssn: '1111',
  filed: '2024-03-04',
};

// A notice the agent holds, with these fields and type written as they stand (bypassing the
// update's format checks, as data from before them would be).
async function heldNoticeWith(type: string, parsedData: Data): Promise<number> {
  const id = await uploadSample(t, agent, 'chapter7');
  await noticeCall(t, agent, 'PATCH', `/${id}/assign`);
  await t.database.db.update(bankruptcyNotices).set({ type, parsedData }).where(eq(bankruptcyNotices.id, id));
  return id;
}

const processNotice = (id: number) => noticeCall(t, agent, 'POST', `/${id}/process_notice`);

describe('POST bankruptcy_notices/:id/process_notice refuses an incomplete notice', () => {
  it.each([
    [
      'the required fields',
      'BankruptcyNotice::Other',
      { ...complete, case_number: null, court_district: null, b_type: null },
      ['Case number is required.', 'Court district is required.', 'Bankruptcy type is required.'],
    ],
    ['the chapter', 'BankruptcyNotice::Other', { ...complete, b_type: '11' }, ['Bankruptcy type must be 7 or 13.']],
    [
      'an SSN of an initial filing',
      'BankruptcyNotice::InitialFiling',
      { ...complete, debtor_ssn: '12345' },
      [
        'SSN must be either 4 digits (with name) or 9 digits (standalone).',
        'At least one debtor must have complete information (either full 9-digit SSN or name with 4-digit SSN).',
      ],
    ],
    [
      'an SSN of another notice',
      'BankruptcyNotice::Discharge',
      { ...complete, discharged: '2024-08-01', joint_debtor_ssn: '123' },
      ['SSN must be either 4 digits or 9 digits.'],
    ],
    [
      'a name without an SSN',
      'BankruptcyNotice::InitialFiling',
      { ...complete, debtor_ssn: null, joint_debtor_name: 'Al Public', joint_debtor_ssn: '2222' },
      ['Primary debtor needs either a full 9-digit SSN or a 4-digit SSN with the name.'],
    ],
    [
      'a four-digit SSN without a name',
      'BankruptcyNotice::InitialFiling',
      { ...complete, joint_debtor_ssn: '2222' },
      ['Joint debtor needs a name when using a 4-digit SSN.'],
    ],
    [
      'at least one debtor',
      'BankruptcyNotice::InitialFiling',
      { ...complete, debtor_name: null, debtor_ssn: null },
      ['At least one debtor must have complete information (either full 9-digit SSN or name with 4-digit SSN).'],
    ],
    [
      'the filing date',
      'BankruptcyNotice::InitialFiling',
      { ...complete, filed: null },
      ['Filing date is required for initial filing notices.'],
    ],
    [
      'the discharge date',
      'BankruptcyNotice::Discharge',
      complete,
      ['Discharge date is required for discharge notices.'],
    ],
    [
      'the dismissal date',
      'BankruptcyNotice::Dismissal',
      complete,
      ['Dismissal date is required for dismissal notices.'],
    ],
    [
      'the conversion date',
      'BankruptcyNotice::Conversion',
      complete,
      ['Conversion date is required for conversion notices.'],
    ],
    [
      'the plan confirmation date',
      'BankruptcyNotice::PlanConfirmation',
      complete,
      ['Plan confirmation date is required for plan confirmation notices.'],
    ],
  ] as const)('checks %s (422, every message, nothing written)', async (_what, type, data, messages) => {
    const id = await heldNoticeWith(type, data);
    const before = await noticeRow(t, id);
    const events = (await t.database.db.select().from(auditEvents)).length;
    const response = await processNotice(id);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual(messages);
    expect(await noticeRow(t, id)).toEqual(before);
    expect((await t.database.db.select().from(auditEvents)).length).toBe(events);
  });
});

async function loanRow(id: number) {
  const [row] = await t.database.db.select().from(loans).where(eq(loans.id, id));
  return row!;
}

const caseRows = (customerId: number) =>
  t.database.db.select().from(customerBankruptcies).where(eq(customerBankruptcies.customerId, customerId));
const comments = (customerId: number) =>
  t.database.db.select().from(customerComments).where(eq(customerComments.customerId, customerId));

// Uploads a drawn notice, takes it, points it at the customer (as staff would) and processes it.
async function processSample(
  kind: SampleNoticeKind,
  customerId: number | null,
  fields: Partial<SampleNoticeFields> = {},
) {
  const id = await uploadSample(t, agent, kind, fields);
  await noticeCall(t, agent, 'PATCH', `/${id}/assign`);
  if (customerId !== null) {
    const shown = (await noticeCall(t, agent, 'GET', `/${id}`)).json().notice;
    const saved = await noticeCall(t, agent, 'PATCH', `/${id}`, {
      notice: { type: shown.type, parsed_data: shown.parsed_data, user_id: customerId },
    });
    expect(saved.statusCode).toBe(200);
  }
  const response = await processNotice(id);
  expect(response.statusCode).toBe(200);
  return { id, body: response.json() };
}

describe('POST bankruptcy_notices/:id/process_notice applies the notice', () => {
  it('records the case, stops automatic debits on open loans only, notes the account and audits', async () => {
    const customer = await createCustomer(t.database.db, { firstName: 'John', lastName: 'Smith', ssnLast4: '1234' });
    const debiting = (await createLoan(t.database.db, { customerId: customer.id })).loan;
    const alsoDebiting = (await createLoan(t.database.db, { customerId: customer.id, fundedOn: '2026-10-01' })).loan;
    const manual = (await createLoan(t.database.db, { customerId: customer.id, autoDebit: false })).loan;
    const paidOff = (await createLoan(t.database.db, { customerId: customer.id, state: 'paid_off' })).loan;
    const closed = (await createLoan(t.database.db, { customerId: customer.id, state: 'closed' })).loan;
    const applied = (await createLoan(t.database.db, { customerId: customer.id, state: 'approved' })).loan;
    const stranger = await createCustomer(t.database.db, { lastName: 'Elsewhere' });
    const strangers = (await createLoan(t.database.db, { customerId: stranger.id })).loan;

    // The debtor John Allen Smith, last four 1234, matches by the upload alone.
    const id = await uploadSample(t, agent, 'chapter7', { jointDebtorName: null, jointDebtorSsn: null });
    const shown = (await noticeCall(t, agent, 'GET', `/${id}`)).json().notice;
    expect(shown.customer).toMatchObject({
      id: customer.id,
      match: 'ssn_last4_and_name',
      open_loan_ids: [debiting.id, alsoDebiting.id, manual.id],
    });
    await noticeCall(t, agent, 'PATCH', `/${id}/assign`);
    const response = await processNotice(id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Notice processed successfully.');
    expect(body.notice).toMatchObject({
      id,
      status: 'processed',
      employee_id: null,
      processed_at: t.clock.now().toISOString(),
    });
    expect(body.consequences).toEqual({
      customer_id: customer.id,
      consumer_information_indicator: 'A',
      auto_debit_stopped_loan_ids: [debiting.id, alsoDebiting.id],
    });

    expect(await noticeRow(t, id)).toMatchObject({
      processedBy: agent.employeeId,
      assignedTo: null,
      leaseExpiresAt: null,
    });
    expect(await caseRows(customer.id)).toEqual([
      expect.objectContaining({
        caseNumber: '24-10234',
        chapter: 7,
        courtDistrict: 'CAN',
        filedOn: '2024-03-04',
        dischargedOn: null,
        consumerInformationIndicator: 'A',
        lastNoticeId: id,
      }),
    ]);
    for (const loan of [debiting, alsoDebiting])
      expect(await loanRow(loan.id)).toMatchObject({ autoDebit: false, lockVersion: 1 });
    expect(await loanRow(manual.id)).toMatchObject({ autoDebit: false, lockVersion: 0 });
    for (const loan of [paidOff, closed, applied, strangers])
      expect(await loanRow(loan.id)).toMatchObject({ autoDebit: true, lockVersion: 0 });
    expect((await comments(customer.id)).map((comment) => [comment.body, comment.employeeId])).toEqual([
      [
        `Bankruptcy notice #${id} processed: chapter 7 case 24-10234 (CAN), filed 2024-03-04. Automatic debits stopped on loans #${debiting.id}, #${alsoDebiting.id}.`,
        agent.employeeId,
      ],
    ]);
    expect((await auditOf(t, 'loan', debiting.id)).map((event) => [event.action, event.after])).toEqual([
      ['loan.auto_debit_stopped', { auto_debit: false, reason: `Bankruptcy notice #${id}`, bankruptcy_notice_id: id }],
    ]);
    expect(await auditOf(t, 'loan', manual.id)).toEqual([]);
    const noticeAudit = (await auditOf(t, 'bankruptcy_notice', id)).at(-1);
    expect(noticeAudit).toMatchObject({
      action: 'bankruptcy_notice.processed',
      employeeId: agent.employeeId,
      after: { processed_at: t.clock.now().toISOString(), consequences: body.consequences },
    });

    const again = await processNotice(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([`Notice #${id} is already processed.`]);

    // The discharge of the same case updates the record and keeps the filing date.
    t.clock.advance(60_000);
    const discharge = await processSample('discharge', customer.id, {
      caseNumber: '24-10234',
      district: 'Northern District of California',
    });
    expect(discharge.body.consequences).toEqual({
      customer_id: customer.id,
      consumer_information_indicator: 'E',
      auto_debit_stopped_loan_ids: [],
    });
    expect(await caseRows(customer.id)).toEqual([
      expect.objectContaining({
        caseNumber: '24-10234',
        filedOn: '2024-03-04',
        dischargedOn: '2024-08-12',
        consumerInformationIndicator: 'E',
        lastNoticeId: discharge.id,
      }),
    ]);
    expect((await comments(customer.id)).at(-1)?.body).toBe(
      `Bankruptcy notice #${discharge.id} processed: chapter 7 case 24-10234 (CAN), discharged 2024-08-12. No open loan had automatic debits to stop.`,
    );
  });

  it.each([
    ['chapter13', {}, 13, 'D'],
    ['discharge', { chapter: 13 }, 13, 'H'],
    ['dismissal', {}, 13, 'L'],
    ['dismissal', { chapter: 7 }, 7, 'I'],
    ['conversion', {}, 7, 'A'],
    ['conversion', { chapter: 13 }, 13, 'D'],
    ['planConfirmation', {}, 13, 'D'],
  ] as const)(
    'reports a %s notice %o as chapter %i with the Metro 2 indicator %s',
    async (kind, fields, chapter, code) => {
      const customer = await createCustomer(t.database.db, {});
      const { body } = await processSample(kind, customer.id, fields);
      expect(body.consequences.consumer_information_indicator).toBe(code);
      expect(await caseRows(customer.id)).toEqual([
        expect.objectContaining({ chapter, consumerInformationIndicator: code }),
      ]);
    },
  );

  it('processes a notice about nobody known, recording nothing on any account', async () => {
    const cases = (await t.database.db.select().from(customerBankruptcies)).length;
    const notes = (await t.database.db.select().from(customerComments)).length;
    const { body } = await processSample('dismissal', null, { debtorName: 'Unknown Person' });
    expect(body.notice.status).toBe('processed');
    expect(body.consequences).toEqual({
      customer_id: null,
      consumer_information_indicator: null,
      auto_debit_stopped_loan_ids: [],
    });
    expect((await t.database.db.select().from(customerBankruptcies)).length).toBe(cases);
    expect((await t.database.db.select().from(customerComments)).length).toBe(notes);
  });

  it('counts a sealed whole SSN as a complete debtor', async () => {
    const id = await heldNoticeWith('BankruptcyNotice::InitialFiling', complete);
    const saved = await noticeCall(t, agent, 'PATCH', `/${id}`, {
      notice: {
        type: 'BankruptcyNotice::InitialFiling',
        parsed_data: { ...complete, debtor_name: null, debtor_ssn: '523456789' },
      },
    });
    expect(saved.statusCode).toBe(200);
    expect((await processNotice(id)).statusCode).toBe(200);
    expect((await noticeCall(t, agent, 'GET', `/${id}`)).json().notice.parsed_data.debtor_ssn).toBe('***-**-6789');
  });
});
