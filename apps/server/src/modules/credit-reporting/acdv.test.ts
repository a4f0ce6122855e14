import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { acdvRequests, auditEvents, creditReportAdjustments, customers } from '@portal/db';
import { createCustomer, createLoan } from '@portal/db/testing';
import { multipartBody } from '../../testing/multipart.ts';
import { TEST_SECRETS_KEY } from '../../testing/test-app.ts';
import { createSsnSealer } from '../customers/index.ts';
import type { StaffSession } from '../../testing/staff-session.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { ACDV_FIELD_NAMES } from './acdv-fields.ts';
import { callAsStaff } from '../../testing/staff-helpers.ts';
import { expectErrors } from '../../testing/error-answers.ts';

// The ACDV dashboard's calls (spec 001 sections 2, 4, 7, 9): import (upload), the next request with
// the Portal's values beside the bureau's, the skip list, the answer with its refusals, the image,
// and the response file. The test clock stands at 2026-11-21.

const t = useTestApp();
const desk = useStaffSession(t, ['agent', 'credit_reporting']);
const colleague = useStaffSession(t, ['agent', 'credit_reporting']);
const agent = useStaffSession(t, ['agent']);
const dated = useStaffSession(t, ['agent', 'credit_reporting']);

const API = '/internal/api/fcra';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function upload(staff: StaffSession, name: string, records: unknown) {
  const { contentType, payload } = await multipartBody([
    { name, content: Buffer.from(JSON.stringify(records)), type: 'application/json' },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `${API}/import_acdvs`,
    headers: { ...staff.headers, 'content-type': contentType },
    payload,
  });
}

const next = (staff: StaffSession, skip: string[] = []) =>
  t.app.inject({
    method: 'GET',
    url: `${API}/acdv_request`,
    headers: staff.headers,
    query: skip.length ? { skip: skip.join(',') } : {},
  });
const respond = (staff: StaffSession, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `${API}/acdv_response`, headers: staff.headers, payload });
const allSame = () => Object.fromEntries(ACDV_FIELD_NAMES.map((name) => [name, 'SAME']));

describe('the ACDV queue', () => {
  it('imports good records, reports bad ones, hands out the overdue first with the Portal beside the bureau', async () => {
    const customer = await createCustomer(t.database.db);
    const { loan } = await createLoan(t.database.db, {
      customerId: customer.id,
      fundedOn: '2026-06-01',
      paidInstallments: 5,
    });
    const records = [
      {
        control_number: 'CN-NEW-1',
        dispute_code: '001',
        received_on: '2026-11-15',
        first_name: customer.firstName,
        last_name: customer.lastName,
        account_number: String(loan.id),
        account_status: '11',
        current_balance: 5,
      },
      {
        control_number: 'CN-OLD-1',
        dispute_code: '103',
        received_on: '2026-10-01',
        first_name: customer.firstName,
        last_name: 'Somebody-Else',
        account_number: String(loan.id),
        account_status: '71',
        image_base64: PNG.toString('base64'),
      },
      {
        control_number: 'CN-BAD-1',
        dispute_code: '009',
        received_on: '2026-11-15',
        last_name: 'X',
        account_number: '1',
      },
    ];
    const imported = await upload(desk, 'acdvs.json', records);
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toMatchObject({ imported: 2, duplicates: [] });
    expect(imported.json().skipped).toEqual([
      expect.objectContaining({
        record: 3,
        control_number: 'CN-BAD-1',
        errors: [expect.stringContaining('dispute_code')],
      }),
    ]);
    const again = await upload(desk, 'acdvs.json', records.slice(0, 1));
    expect(again.json()).toMatchObject({ imported: 0, duplicates: ['CN-NEW-1'] });

    // Received 2026-10-01: 30 days end Saturday 2026-10-31, so due Friday 30, overdue; it comes first.
    const first = await next(desk);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ count: 2, loan_id: loan.id, hasImage: true, user: { id: customer.id } });
    expect(body.acdv).toMatchObject({
      control_number: 'CN-OLD-1',
      dispute_code: '103',
      dispute_meaning: 'Claims identity fraud',
      response_due_on: '2026-10-30',
      bureau_response_due_on: null,
      overdue: true,
      // Calendar days, as the FCRA counts: 22 days late on 2026-11-21 (15 business days).
      days_left: -22,
      days_kind: 'calendar',
      consumer_info_added_on: null,
    });
    const field = (name: string) => body.acdv.fields.find((each: { name: string }) => each.name === name);
    expect(field('last_name')).toMatchObject({ bureau: 'Somebody-Else', portal: customer.lastName, suggested: 'DIFF' });
    expect(field('first_name')).toMatchObject({ suggested: 'SAME' });
    expect(field('account_status')).toMatchObject({ bureau: '71', portal: '11', suggested: 'DIFF' });
    expect(Object.keys(body.responseVerification).sort()).toEqual([...ACDV_FIELD_NAMES].sort());

    // The same employee gets the same request until answered or skipped; a colleague gets the other.
    expect((await next(desk)).json().acdv.control_number).toBe('CN-OLD-1');
    expect((await next(colleague)).json().acdv.control_number).toBe('CN-NEW-1');
    // Skipping hands it back; with both skipped nothing is offered.
    const skipped = await next(desk, ['CN-OLD-1']);
    expect(skipped.json()).toMatchObject({ acdv: null, count: 2 });

    const image = await t.app.inject({
      method: 'GET',
      url: `${API}/get_image`,
      headers: desk.headers,
      query: { control_number: 'CN-OLD-1' },
    });
    expect(image.json()).toEqual({
      imageString: `data:image/png;base64,${PNG.toString('base64')}`,
      content_type: 'image/png',
    });
    const none = await t.app.inject({
      method: 'GET',
      url: `${API}/get_image`,
      headers: desk.headers,
      query: { control_number: 'CN-NEW-1' },
    });
    expect(none.statusCode).toBe(404);
  });

  it('refuses an answer with an unknown code or a missing field, and writes nothing', async () => {
    const verification = allSame();
    delete verification.ssn;
    const response = await respond(desk, {
      control_number: 'CN-OLD-1',
      acdv_response_code: '99',
      response_verification: { ...verification, birthday: 'MAYBE', shoe_size: 'SAME' },
    });
    expectErrors(response, 422, [
      "Response code '99' is not one of 01, 03, 04, 07, 21, 22, 23.",
      'Verify every field: SSN has no answer.',
      "Date of birth: 'MAYBE' is not SAME, DIFF or UNKN.",
      "There is no field 'shoe_size' to verify.",
    ]);
    const [row] = await t.database.db.select().from(acdvRequests).where(eq(acdvRequests.controlNumber, 'CN-OLD-1'));
    expect(row!.respondedAt).toBeNull();
  });

  it('refuses an answer while a colleague holds the request, and staff without the role', async () => {
    const held = await respond(desk, {
      control_number: 'CN-NEW-1',
      acdv_response_code: '01',
      response_verification: allSame(),
    });
    expect(held.statusCode).toBe(409);
    const forbidden = await next(agent);
    expect(forbidden.statusCode).toBe(403);
  });

  it('answers 07: the loan is reported deleted for fraud, noted and audited; then recorded in a response file', async () => {
    const response = await respond(desk, {
      control_number: 'CN-OLD-1',
      acdv_response_code: '07',
      response_verification: { ...allSame(), last_name: 'DIFF' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'ACDV CN-OLD-1 answered 07: Delete due to fraud.', count: 1 });
    const [row] = await t.database.db.select().from(acdvRequests).where(eq(acdvRequests.controlNumber, 'CN-OLD-1'));
    expect(row).toMatchObject({ responseCode: '07', respondedBy: desk.employeeId });
    const [adjustment] = await t.database.db
      .select()
      .from(creditReportAdjustments)
      .where(eq(creditReportAdjustments.acdvRequestId, row!.id));
    expect(adjustment).toMatchObject({ adjType: 'delete', fraud: true, source: 'acdv', processedAt: null });
    const lookup = await callAsStaff(t.app, desk, 'GET', 'fcra_dashboard/fcra_lookup', {
      loan_id: String(row!.loanId),
    });
    expect(lookup.json().loan.account.account_status).toBe('DF');
    const twice = await respond(desk, {
      control_number: 'CN-OLD-1',
      acdv_response_code: '01',
      response_verification: allSame(),
    });
    expect(twice.statusCode).toBe(409);

    const recorded = await t.app.inject({
      method: 'PATCH',
      url: `${API}/record_and_process_acdvs`,
      headers: desk.headers,
    });
    expect(recorded.statusCode).toBe(200);
    const { file, processed, message } = recorded.json();
    expect(processed).toBe(1);
    expect(message).toBe(`Recorded 1 ACDV response in ${file.file_name}; it is marked processed.`);
    const download = await t.app.inject({
      method: 'GET',
      url: `${API}/reporting_files/${file.id}`,
      headers: desk.headers,
    });
    const sent = JSON.parse(download.body);
    expect(sent.responses).toEqual([
      expect.objectContaining({
        control_number: 'CN-OLD-1',
        response_code: '07',
        account: expect.objectContaining({ account_number: String(row!.loanId) }),
      }),
    ]);
    const [after] = await t.database.db
      .select()
      .from(creditReportAdjustments)
      .where(eq(creditReportAdjustments.id, adjustment!.id));
    expect(after!.processedAt).not.toBeNull();
    const empty = await t.app.inject({
      method: 'PATCH',
      url: `${API}/record_and_process_acdvs`,
      headers: desk.headers,
    });
    expect(empty.json()).toMatchObject({ processed: 0, file: null });
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'acdv_request.answered'));
    expect(events).toHaveLength(1);
  });

  it('refuses an upload that is not JSON or CSV, and multipart nowhere else', async () => {
    const { contentType, payload } = await multipartBody([
      { name: 'notes.txt', content: Buffer.from('hello'), type: 'text/plain' },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/import_acdvs`,
      headers: { ...desk.headers, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual(['notes.txt is not a JSON or CSV file of ACDV requests.']);
  });
});

describe("the bureau's whole SSN against the customer's (the one SSN door, issue 37)", () => {
  const revealer = useStaffSession(t, ['agent', 'credit_reporting', 'ssn_reveal']);

  it('tells only an employee who may reveal SSNs whether it matches; the desk compares the last four', async () => {
    const customer = await createCustomer(t.database.db);
    const sealed = createSsnSealer(TEST_SECRETS_KEY)(customer.id, '912550193');
    await t.database.db
      .update(customers)
      .set({ ssnSealed: sealed.sealed, ssnHash: sealed.hash, ssnLast4: sealed.last4 })
      .where(eq(customers.id, customer.id));
    const { loan } = await createLoan(t.database.db, { customerId: customer.id, fundedOn: '2026-06-01' });
    // A guess that shares the last four: only the whole number tells it apart. Two requests, the
    // oldest of the queue, one for each employee (the first stays leased to the desk).
    const record = (n: number) => ({
      control_number: `CN-SSN-${customer.id}-${n}`,
      dispute_code: '001',
      received_on: `2026-09-0${n}`,
      first_name: customer.firstName,
      last_name: customer.lastName,
      ssn: '123-45-0193',
      account_number: String(loan.id),
      account_status: '11',
    });
    expect((await upload(desk, 'acdvs.json', [record(1), record(2)])).json()).toMatchObject({ imported: 2 });

    const seenByDesk = (await next(desk)).json();
    expect(seenByDesk.acdv.control_number).toBe(`CN-SSN-${customer.id}-1`);
    expect(seenByDesk.user.ssn_matches).toBe(false);
    // The last four agree, and nothing else is said to the desk.
    expect(seenByDesk.responseVerification.ssn).toBe('SAME');

    const seenByRevealer = (await next(revealer)).json();
    expect(seenByRevealer.acdv.control_number).toBe(`CN-SSN-${customer.id}-2`);
    expect(seenByRevealer.responseVerification.ssn).toBe('DIFF');
  });
});

describe("an ACDV's deadline", () => {
  it("is due on the bureau's Response Due Date when that is earlier than 30 days from the day it was sent", async () => {
    const base = { dispute_code: '001', last_name: 'Rivera', account_number: '900000001' };
    const imported = await upload(desk, 'dated.json', [
      // Disputed 10-01, sent 10-08: the bureau's 30 days end Saturday 10-31, so Friday 10-30 (not 11-06).
      { ...base, control_number: 'CN-DATED-1', received_on: '2026-10-08', response_due_on: '2026-10-31' },
      // A bureau date later than ours does not stretch ours (10-08 + 30 = 11-07, a Saturday: 11-06).
      { ...base, control_number: 'CN-DATED-2', received_on: '2026-10-08', response_due_on: '2026-11-20' },
      { ...base, control_number: 'CN-DATED-3', received_on: '2026-10-08', response_due_on: '2026-10-07' },
    ]);
    expect(imported.json()).toMatchObject({
      imported: 2,
      skipped: [{ record: 3, errors: ['response_due_on 2026-10-07 is before received_on 2026-10-08.'] }],
    });
    const rows = await t.database.db
      .select({
        controlNumber: acdvRequests.controlNumber,
        responseDueOn: acdvRequests.responseDueOn,
        bureauResponseDueOn: acdvRequests.bureauResponseDueOn,
      })
      .from(acdvRequests)
      .where(like(acdvRequests.controlNumber, 'CN-DATED-%'))
      .orderBy(acdvRequests.controlNumber);
    expect(rows).toEqual([
      { controlNumber: 'CN-DATED-1', responseDueOn: '2026-10-30', bureauResponseDueOn: '2026-10-31' },
      { controlNumber: 'CN-DATED-2', responseDueOn: '2026-11-06', bureauResponseDueOn: '2026-11-20' },
    ]);
    // Another employee's queue, with the older requests of this file set aside.
    const others = (await t.database.db.select({ controlNumber: acdvRequests.controlNumber }).from(acdvRequests))
      .map((row) => row.controlNumber)
      .filter((controlNumber) => !controlNumber.startsWith('CN-DATED-'));
    const first = (await next(dated, others)).json();
    expect(first.acdv).toMatchObject({
      control_number: 'CN-DATED-1',
      response_due_on: '2026-10-30',
      bureau_response_due_on: '2026-10-31',
      days_left: -22,
      days_kind: 'calendar',
    });
  });
});
