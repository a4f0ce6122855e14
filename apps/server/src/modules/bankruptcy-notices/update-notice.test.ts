import { describe, expect, it } from 'vitest';
import { auditEvents, bankruptcyNotices } from '@portal/db';
import { createCustomer } from '@portal/db/testing';
import { eq } from 'drizzle-orm';
import { createSecretBox } from '../../platform/secret-box.ts';
import { TEST_SECRETS_KEY } from '../../testing/test-app.ts';
import type { StaffSession } from '../../testing/staff-session.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import {
  auditOf,
  noticeCall,
  noticeRow,
  uploadSample,
  CHAPTER_7_SAMPLE_FIELDS,
} from '../../testing/notice-test-kit.ts';
import { expectErrors } from '../../testing/error-answers.ts';

// PATCH bankruptcy_notices/:id: the holder's corrections. Incomplete is fine (the screen warns);
// malformed is a 422 naming the field; anyone but the holder is refused and nothing is written.

const t = useTestApp();
// Of the bankruptcy desk, who may upload notices (bankruptcy.create_notices).
const agent = useStaffSession(t, ['agent', 'bankruptcy']);
const colleague = useStaffSession(t);

const heldByOther = 'This notice is already assigned to another employee and is not editable by you.';

const chapter7Data = {
  ...CHAPTER_7_SAMPLE_FIELDS,
  discharged: null,
  dismissed: null,
  converted: null,
  plan_confirmed: null,
  notice_date: null,
};

async function heldNotice(): Promise<number> {
  const id = await uploadSample(t, agent, 'chapter7');
  expect((await noticeCall(t, agent, 'PATCH', `/${id}/assign`)).statusCode).toBe(200);
  return id;
}

function save(id: number, notice: object, who: StaffSession = agent) {
  return noticeCall(t, who, 'PATCH', `/${id}`, { notice });
}

const auditCount = async () => (await t.database.db.select().from(auditEvents)).length;

describe('PATCH bankruptcy_notices/:id', () => {
  it('saves the holder’s corrections, incomplete ones too, and audits before and after', async () => {
    const id = await heldNotice();
    const response = await save(id, {
      type: 'BankruptcyNotice::Discharge',
      parsed_data: { ...chapter7Data, case_number: ' 24-10234-AB ', court_district: 'can', filed: null },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Notice updated successfully.');
    expect(response.json().notice).toMatchObject({
      id,
      status: 'assigned',
      employee_id: agent.employeeId,
      type: 'BankruptcyNotice::Discharge',
      parsed_data: { ...chapter7Data, case_number: '24-10234-AB', court_district: 'CAN', filed: null },
    });
    const audit = await auditOf(t, 'bankruptcy_notice', id);
    expect(audit.at(-1)).toMatchObject({
      action: 'bankruptcy_notice.updated',
      employeeId: agent.employeeId,
      before: { type: 'BankruptcyNotice::InitialFiling', parsed_data: { filed: '2024-03-04' } },
      after: { type: 'BankruptcyNotice::Discharge', parsed_data: { filed: null, case_number: '24-10234-AB' } },
    });
  });

  it('refuses anyone but the holder (403) and a processed notice (409), writing nothing', async () => {
    const id = await heldNotice();
    const before = await noticeRow(t, id);
    const events = await auditCount();
    const refused = await save(id, { type: 'BankruptcyNotice::Other', parsed_data: chapter7Data }, colleague);
    expectErrors(refused, 403, [heldByOther]);
    const process = await noticeCall(t, colleague, 'POST', `/${id}/process_notice`);
    expectErrors(process, 403, [heldByOther]);
    expect(await noticeRow(t, id)).toEqual(before);
    expect(await auditCount()).toBe(events);

    // Never taken by the caller: they are told to open it first.
    const free = await uploadSample(t, agent, 'discharge');
    const notTaken = await save(free, { type: 'BankruptcyNotice::Other', parsed_data: chapter7Data }, colleague);
    expectErrors(notTaken, 409, [`Notice #${free} is not assigned to you. Open it to take it first.`]);

    await t.database.db
      .update(bankruptcyNotices)
      .set({ processedAt: t.clock.now() })
      .where(eq(bankruptcyNotices.id, id));
    const done = await save(id, { type: 'BankruptcyNotice::Other', parsed_data: chapter7Data });
    expectErrors(done, 409, [`Notice #${id} is already processed.`]);
    expect(
      (await noticeCall(t, agent, 'PATCH', '/987654', { notice: { type: 'BankruptcyNotice::Other', parsed_data: {} } }))
        .statusCode,
    ).toBe(404);
  });

  it.each([
    [{ court_district: 'ZZZ' }, "Court district ZZZ is not a bankruptcy court's code (such as CAN)."],
    [{ b_type: '11' }, 'Bankruptcy type must be 7 or 13.'],
    [{ filed: '2024-02-30' }, 'Filing date must be a real date (YYYY-MM-DD).'],
    [{ discharged: '03/04/2024' }, 'Discharge date must be a real date (YYYY-MM-DD).'],
    [{ notice_date: 'soon' }, 'Notice date must be a real date (YYYY-MM-DD).'],
    [{ debtor_ssn: '12345' }, 'Debtor SSN: SSN must be either 4 digits or 9 digits.'],
    [{ joint_debtor_ssn: '12-3' }, 'Joint debtor SSN: SSN must be either 4 digits or 9 digits.'],
    [{ debtor_ssn: '***-**-****' }, 'Debtor SSN: SSN must be either 4 digits or 9 digits.'],
  ])('refuses %o with a 422 naming the field, writing nothing', async (change, message) => {
    const id = await heldNotice();
    const before = await noticeRow(t, id);
    const response = await save(id, {
      type: 'BankruptcyNotice::InitialFiling',
      parsed_data: { ...chapter7Data, ...change },
    });
    expectErrors(response, 422, [message]);
    expect(await noticeRow(t, id)).toEqual(before);
  });

  it('names every malformed field at once, and refuses a customer who does not exist or a type not on the list', async () => {
    const id = await heldNotice();
    const response = await save(id, {
      type: 'BankruptcyNotice::InitialFiling',
      user_id: 99_999_999,
      parsed_data: { ...chapter7Data, b_type: '9', debtor_ssn: '1', converted: '2025-13-01' },
    });
    expectErrors(response, 422, [
      'Bankruptcy type must be 7 or 13.',
      'Conversion date must be a real date (YYYY-MM-DD).',
      'Debtor SSN: SSN must be either 4 digits or 9 digits.',
      'User #99999999 was not found.',
    ]);
    const badType = await save(id, { type: 'BankruptcyNotice::Bogus', parsed_data: chapter7Data });
    expectErrors(badType, 400, ['Choose a notice type from the list.']);
  });

  it('takes the bankruptcy type as the number 7 or 13 (spec 001), as well as the text, and processes it', async () => {
    const id = await heldNotice();
    const saved = await save(id, {
      type: 'BankruptcyNotice::InitialFiling',
      parsed_data: { ...chapter7Data, b_type: 13 },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().notice.parsed_data.b_type).toBe('13');
    const seven = await save(id, {
      type: 'BankruptcyNotice::InitialFiling',
      parsed_data: { ...chapter7Data, b_type: 7 },
    });
    expect(seven.json().notice.parsed_data.b_type).toBe('7');

    const before = await noticeRow(t, id);
    const chapter9 = await save(id, {
      type: 'BankruptcyNotice::InitialFiling',
      parsed_data: { ...chapter7Data, b_type: 9 },
    });
    expectErrors(chapter9, 422, ['Bankruptcy type must be 7 or 13.']);
    const fraction = await save(id, {
      type: 'BankruptcyNotice::InitialFiling',
      parsed_data: { ...chapter7Data, b_type: 7.5 },
    });
    expect(fraction.statusCode).toBe(400);
    expect(JSON.stringify(fraction.json().errors)).toContain('The bankruptcy type is 7 or 13.');
    expect(await noticeRow(t, id)).toEqual(before);

    const processed = await noticeCall(t, agent, 'POST', `/${id}/process_notice`);
    expect(processed.statusCode).toBe(200);
  });

  it('lets staff choose the customer (match staff), keeps the choice when user_id is left out, and clears it with null', async () => {
    const id = await heldNotice();
    const customer = await createCustomer(t.database.db, { firstName: 'Ivy', lastName: 'Chen', ssnLast4: '4040' });
    const chosen = await save(id, {
      type: 'BankruptcyNotice::InitialFiling',
      parsed_data: chapter7Data,
      user_id: customer.id,
    });
    expect(chosen.json().notice.customer).toEqual({
      id: customer.id,
      first_name: 'Ivy',
      last_name: 'Chen',
      ssn_last_four: '4040',
      match: 'staff',
      open_loan_ids: [],
    });
    const kept = await save(id, { type: 'BankruptcyNotice::InitialFiling', parsed_data: chapter7Data });
    expect(kept.json().notice.customer).toMatchObject({ id: customer.id, match: 'staff' });
    const cleared = await save(id, {
      type: 'BankruptcyNotice::InitialFiling',
      parsed_data: chapter7Data,
      user_id: null,
    });
    expect(cleared.json().notice.customer).toBeNull();
    expect(await noticeRow(t, id)).toMatchObject({ customerId: null, customerMatch: null });
  });

  it('seals a whole SSN, sends it whole to the holder only, and keeps it when its mask comes back', async () => {
    const id = await heldNotice();
    const saved = await save(id, {
      type: 'BankruptcyNotice::InitialFiling',
      parsed_data: { ...chapter7Data, debtor_ssn: '523-45-6789' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().notice.parsed_data.debtor_ssn).toBe('523456789');
    const row = await noticeRow(t, id);
    expect(JSON.stringify(row.parsedData)).not.toMatch(/523-?45-?6789/);
    const sealed = (row.parsedData as { debtor_ssn: string }).debtor_ssn;
    expect(createSecretBox(TEST_SECRETS_KEY).open(sealed, `bankruptcy_notice:${id}:debtor_ssn`)).toBe('523456789');
    // Sealed for this notice and field: the same text does not open as another field.
    expect(() => createSecretBox(TEST_SECRETS_KEY).open(sealed, `bankruptcy_notice:${id}:joint_debtor_ssn`)).toThrow();
    const audit = await auditOf(t, 'bankruptcy_notice', id);
    expect(JSON.stringify(audit.map((event) => [event.before, event.after]))).not.toMatch(/523-?45-?6789/);
    expect(audit.at(-1)?.after).toMatchObject({ parsed_data: { debtor_ssn: '***-**-6789' } });

    const seen = await noticeCall(t, colleague, 'GET', `/${id}`);
    expect(seen.json().notice.parsed_data.debtor_ssn).toBe('***-**-6789');

    // The mask sent back (from a screen that was shown it) keeps the number.
    const masked = await save(id, {
      type: 'BankruptcyNotice::InitialFiling',
      parsed_data: { ...chapter7Data, debtor_ssn: '***-**-6789' },
    });
    expect(masked.json().notice.parsed_data.debtor_ssn).toBe('523456789');
    expect((await noticeRow(t, id)).parsedData).toMatchObject({ debtor_ssn: sealed });

    const four = await save(id, {
      type: 'BankruptcyNotice::InitialFiling',
      parsed_data: { ...chapter7Data, debtor_ssn: '6789' },
    });
    expect(four.json().notice.parsed_data.debtor_ssn).toBe('6789');
    expect((await noticeRow(t, id)).parsedData).toMatchObject({ debtor_ssn: '6789' });
  });

  it('counts saving as activity: the lease runs from the save', async () => {
    const id = await heldNotice();
    t.clock.advance(25 * 60_000);
    expect((await save(id, { type: 'BankruptcyNotice::InitialFiling', parsed_data: chapter7Data })).statusCode).toBe(
      200,
    );
    t.clock.advance(25 * 60_000);
    expect((await save(id, { type: 'BankruptcyNotice::InitialFiling', parsed_data: chapter7Data })).statusCode).toBe(
      200,
    );
  });
});
