import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { EMPTY_NOTICE_FIELDS, permissionRefusal, UPLOAD_MAX_FILES } from '@portal/contracts';
import { auditEvents, bankruptcyNotices, customerBankruptcies, customerComments, customers, loans } from '@portal/db';
import { createCustomer, createLoan } from '@portal/db/testing';
import { createSecretBox } from '../../platform/secret-box.ts';
import { TEST_SECRETS_KEY } from '../../testing/test-app.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { countWrites } from '../../testing/row-counts.ts';
import { signInAsStaff, type StaffSession } from '../../testing/staff-session.ts';
import { createSsnSealer, SSN_SEARCHES_PER_MINUTE, ssnLimitSentence } from '../customers/index.ts';
import {
  auditOf,
  multipartBody,
  noticeCall,
  noticeCount,
  noticeRow,
  sampleFile,
  uploadNotices,
  CHAPTER_7_SAMPLE_FIELDS,
  CHAPTER_13_SAMPLE_FIELDS,
  DISCHARGE_SAMPLE_FIELDS,
} from '../../testing/notice-test-kit.ts';
import { expectErrors } from '../../testing/error-answers.ts';

// POST bankruptcy_notices/create_notices: PDFs in the courts' shapes (@portal/demo/samples) sent as a
// browser sends them, read, matched to a customer and stored.

const t = useTestApp();
// The bankruptcy desk uploads (bankruptcy.create_notices); anyone signed in works the notices.
const agent = useStaffSession(t, ['agent', 'bankruptcy']);
const other = useStaffSession(t);

const nothingParsed = EMPTY_NOTICE_FIELDS;

async function getNotice(id: number, who = agent) {
  const response = await noticeCall(t, who, 'GET', `/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json().notice;
}

describe('POST bankruptcy_notices/create_notices', () => {
  it('reads each shape of notice into its type and fields, and keeps the file', async () => {
    const files = [
      await sampleFile('chapter7', {}, { pages: 2 }),
      await sampleFile('chapter13'),
      await sampleFile('discharge', {}, { pages: 2 }),
      await sampleFile('dismissal'),
    ];
    const response = await uploadNotices(t, agent, files);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: '4 bankruptcy notice(s) uploaded successfully.',
      failed_files: [],
      errors: [],
    });
    expect(
      body.notices.map((notice: { file_name: string; has_text: boolean }) => [notice.file_name, notice.has_text]),
    ).toEqual([
      ['chapter7.pdf', true],
      ['chapter13.pdf', true],
      ['discharge.pdf', true],
      ['dismissal.pdf', true],
    ]);
    const [chapter7, chapter13, discharge, dismissal] = await Promise.all(
      body.notices.map((notice: { id: number }) => getNotice(notice.id)),
    );
    expect(chapter7).toMatchObject({
      status: 'ready_for_assignment',
      employee_id: null,
      employee_name: null,
      notice_source: 'upload',
      processed_at: null,
      attachment_url: `/internal/api/bankruptcy_notices/${chapter7.id}/document`,
      file_name: 'chapter7.pdf',
      type: 'BankruptcyNotice::InitialFiling',
      has_text: true,
      customer: null,
      parsed_data: {
        ...nothingParsed,
        ...CHAPTER_7_SAMPLE_FIELDS,
      },
    });
    expect(chapter13).toMatchObject({
      type: 'BankruptcyNotice::InitialFiling',
      parsed_data: {
        ...nothingParsed,
        ...CHAPTER_13_SAMPLE_FIELDS,
      },
    });
    expect(discharge).toMatchObject({
      type: 'BankruptcyNotice::Discharge',
      parsed_data: {
        ...nothingParsed,
        ...DISCHARGE_SAMPLE_FIELDS,
      },
    });
    expect(dismissal).toMatchObject({
      type: 'BankruptcyNotice::Dismissal',
      parsed_data: {
        ...nothingParsed,
        case_number: '24-01999',
        court_district: 'FLM',
        b_type: '13',
        debtor_name: 'Aisha Johnson',
        dismissed: '2024-09-03',
        notice_date: '2024-09-03',
      },
    });

    const row = await noticeRow(t, chapter7.id);
    expect(row.storageKey).toMatch(/^bankruptcy-notices\/[0-9a-f-]{36}\.pdf$/);
    expect(row.createdBy).toBe(agent.employeeId);
    const audit = await auditOf(t, 'bankruptcy_notice', chapter7.id);
    expect(audit.map((event) => event.action)).toEqual(['bankruptcy_notice.created']);
    expect(audit[0]).toMatchObject({
      employeeId: agent.employeeId,
      after: { file_name: 'chapter7.pdf', has_text: true },
    });

    const document = await t.app.inject({ method: 'GET', url: chapter7.attachment_url, headers: agent.headers });
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.headers['cache-control']).toBe('private, no-store');
    expect(document.headers['content-disposition']).toBe('inline; filename="chapter7.pdf"');
    expect(Buffer.compare(document.rawPayload, Buffer.from(files[0]!.content))).toBe(0);
  });

  it('keeps a scanned PDF (no text layer) with nothing parsed, for staff to read in the viewer', async () => {
    const response = await uploadNotices(t, agent, [
      await sampleFile('chapter7', {}, { scanned: true, pages: 2, name: 'scan.pdf' }),
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().notices).toEqual([{ id: expect.any(Number), file_name: 'scan.pdf', has_text: false }]);
    const notice = await getNotice(response.json().notices[0].id);
    expect(notice).toMatchObject({ type: 'BankruptcyNotice::Other', has_text: false, parsed_data: nothingParsed });
  });

  it('creates the good files of a mixed upload and names each bad one', async () => {
    const before = await noticeCount(t);
    const response = await uploadNotices(t, agent, [
      await sampleFile('discharge', {}, { name: 'good.pdf' }),
      { name: 'letter.pdf', content: new TextEncoder().encode('Dear Sir, this is not a PDF.') },
      { name: 'empty.pdf', content: new Uint8Array(0) },
      { name: 'damaged.pdf', content: new TextEncoder().encode('%PDF-1.7\n1 0 obj garbage endobj\n%%EOF') },
    ]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('1 bankruptcy notice(s) uploaded successfully.');
    expect(body.notices).toEqual([{ id: expect.any(Number), file_name: 'good.pdf', has_text: true }]);
    const messages = [
      'letter.pdf is not a PDF.',
      'empty.pdf is empty.',
      'damaged.pdf could not be opened as a PDF (it may be damaged or password-protected).',
    ];
    expect(body.errors).toEqual(messages);
    expect(body.failed_files).toEqual(
      ['letter.pdf', 'empty.pdf', 'damaged.pdf'].map((name, index) => ({ file_name: name, error: messages[index] })),
    );
    expect(await noticeCount(t)).toBe(before + 1);
  });

  it('refuses an upload whose every file is bad (422, each named) and creates nothing', async () => {
    const before = await noticeCount(t);
    const response = await uploadNotices(t, agent, [
      { name: 'notes.pdf', content: new TextEncoder().encode('plain text') },
      { name: 'zero.pdf', content: new Uint8Array(0) },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual(['notes.pdf is not a PDF.', 'zero.pdf is empty.']);
    expect(await noticeCount(t)).toBe(before);
  });

  it(`refuses more than ${UPLOAD_MAX_FILES} files at once (413) and creates nothing`, async () => {
    const before = await noticeCount(t);
    const file = await sampleFile('chapter7');
    const response = await uploadNotices(
      t,
      agent,
      Array.from({ length: UPLOAD_MAX_FILES + 1 }, (_, index) => ({ ...file, name: `n${index}.pdf` })),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().errors).toEqual([
      `At most ${UPLOAD_MAX_FILES} files can be uploaded at once; nothing was uploaded.`,
    ]);
    expect(await noticeCount(t)).toBe(before);
  });

  it('asks for a file when none is sent, and for multipart when JSON is', async () => {
    const { contentType, payload } = await multipartBody([]);
    const none = await t.app.inject({
      method: 'POST',
      url: '/internal/api/bankruptcy_notices/create_notices',
      headers: { ...agent.headers, 'content-type': contentType },
      payload,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual(['Please select at least one file to upload.']);
    const json = await noticeCall(t, agent, 'POST', '/create_notices', { files: [] });
    expect(json.statusCode).toBe(400);
  });

  // How fast is npm run bench:back-office's to say (a timed test fails on a busy machine).
  it('parses and stores 100 two-page notices in one request', async () => {
    const kinds = ['chapter7', 'chapter13', 'discharge', 'dismissal'] as const;
    const files = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        sampleFile(kinds[index % 4]!, { caseNumber: `25-${10_000 + index}` }, { pages: 2, name: `bulk-${index}.pdf` }),
      ),
    );
    const response = await uploadNotices(t, agent, files);
    expect(response.statusCode).toBe(200);
    expect(response.json().notices).toHaveLength(100);
    const last = await getNotice(response.json().notices[99].id);
    expect(last.parsed_data.case_number).toBe('25-10099');
  });
});

describe('the debtor matched to a customer', () => {
  it('finds the customer by the last four and the last name, shows the match and applies nothing', async () => {
    const customer = await createCustomer(t.database.db, {
      firstName: 'Johnny',
      lastName: 'Lindqvist',
      ssnLast4: '7301',
    });
    const { loan } = await createLoan(t.database.db, { customerId: customer.id });
    await createLoan(t.database.db, { customerId: customer.id, state: 'paid_off' });
    // The same last four under another name is not them.
    await createCustomer(t.database.db, { firstName: 'Johnny', lastName: 'Lindgren', ssnLast4: '7301' });
    const response = await uploadNotices(t, agent, [
      await sampleFile('chapter7', { debtorName: 'Johnny Karl LINDQVIST', debtorSsn: '7301' }),
    ]);
    const notice = await getNotice(response.json().notices[0].id);
    expect(notice.customer).toEqual({
      id: customer.id,
      first_name: 'Johnny',
      last_name: 'Lindqvist',
      ssn_last_four: '7301',
      match: 'ssn_last4_and_name',
      open_loan_ids: [loan.id],
    });
    expect((await noticeRow(t, notice.id)).customerId).toBe(customer.id);
    // Shown, not applied: the loan still debits, no case and no note on the account.
    const [loanRow] = await t.database.db.select().from(loans).where(eq(loans.id, loan.id));
    expect(loanRow).toMatchObject({ autoDebit: true, lockVersion: 0 });
    expect(
      await t.database.db.select().from(customerBankruptcies).where(eq(customerBankruptcies.customerId, customer.id)),
    ).toEqual([]);
    expect(
      await t.database.db.select().from(customerComments).where(eq(customerComments.customerId, customer.id)),
    ).toEqual([]);
  });

  it('narrows several customers by the first name, tries the joint debtor next, and matches no one when unsure', async () => {
    const [ada] = await Promise.all([
      createCustomer(t.database.db, { firstName: 'Ada', lastName: 'Okafor', ssnLast4: '4455' }),
      createCustomer(t.database.db, { firstName: 'Ben', lastName: 'Okafor', ssnLast4: '4455' }),
    ]);
    const joint = await createCustomer(t.database.db, { firstName: 'Mia', lastName: 'Okafor', ssnLast4: '9911' });
    await createCustomer(t.database.db, { firstName: 'Sam', lastName: 'Twin', ssnLast4: '2222' });
    await createCustomer(t.database.db, { firstName: 'Sam', lastName: 'Twin', ssnLast4: '2222' });
    const response = await uploadNotices(t, agent, [
      await sampleFile('chapter7', {
        debtorName: 'Ada Okafor',
        debtorSsn: '4455',
        jointDebtorName: null,
        jointDebtorSsn: null,
      }),
      await sampleFile('chapter7', {
        debtorName: 'Nobody Known',
        debtorSsn: '0001',
        jointDebtorName: 'Mia Okafor',
        jointDebtorSsn: '9911',
      }),
      await sampleFile('chapter7', {
        debtorName: 'Sam Twin',
        debtorSsn: '2222',
        jointDebtorName: null,
        jointDebtorSsn: null,
      }),
    ]);
    const [first, second, third] = await Promise.all(
      response.json().notices.map((notice: { id: number }) => getNotice(notice.id)),
    );
    expect(first.customer).toMatchObject({ id: ada.id, match: 'ssn_last4_and_name' });
    expect(second.customer).toMatchObject({ id: joint.id, match: 'ssn_last4_and_name' });
    expect(third.customer).toBeNull();
  });

  it('finds the customer by a whole SSN for an uploader who may compare SSNs, and stores that SSN sealed, whole only to the holder', async () => {
    const desk = await signInAsStaff(t.app, t.database.db, ['agent', 'bankruptcy', 'ssn_reveal']);
    const customer = await customerWithSsn('Pat', 'Quinn', '523456789');
    const response = await uploadNotices(t, desk, [
      await sampleFile('chapter7', { debtorName: 'Someone Else', debtorSsn: '523456789', jointDebtorSsn: '8765' }),
    ]);
    const id: number = response.json().notices[0].id;

    const row = await noticeRow(t, id);
    const stored = JSON.stringify(row.parsedData);
    // The number itself, not any nine digits: a row's storage key is a UUID, which may hold a run of them.
    const ssnShown = /523-?45-?6789/;
    expect(stored).not.toMatch(ssnShown);
    const parsed = row.parsedData as { debtor_ssn: string; joint_debtor_ssn: string };
    expect(parsed.debtor_ssn).toMatch(/^gcm1:/);
    expect(createSecretBox(TEST_SECRETS_KEY).open(parsed.debtor_ssn, `bankruptcy_notice:${id}:debtor_ssn`)).toBe(
      '523456789',
    );
    expect(parsed.joint_debtor_ssn).toBe('8765');
    expect(JSON.stringify((await auditOf(t, 'bankruptcy_notice', id))[0]?.after)).not.toMatch(ssnShown);
    // Compared through the SSN door: its record names the uploader and the customer found.
    expect((await ssnSearchesBy(desk)).map((event) => event.after)).toEqual([
      expect.objectContaining({ purpose: 'bankruptcy notice upload', ssns_compared: 1, found: [customer.id] }),
    ]);

    const seen = await getNotice(id, desk);
    expect(seen.customer).toMatchObject({ id: customer.id, match: 'ssn' });
    expect(seen.parsed_data).toMatchObject({ debtor_ssn: '***-**-6789', joint_debtor_ssn: '8765' });
    expect((await noticeCall(t, desk, 'PATCH', `/${id}/assign`)).statusCode).toBe(200);
    expect((await getNotice(id, desk)).parsed_data.debtor_ssn).toBe('523456789');
    expect((await getNotice(id, other)).parsed_data.debtor_ssn).toBe('***-**-6789');
  });
});

// Issue 37: a plain agent uploaded 500 drawn notices carrying 1,000 guessed SSNs and read the right
// one off the notice that said "match: ssn". Uploading is the bankruptcy desk's, and a whole SSN
// is compared only through the SSN door: with customers.reveal_ssn, within the employee's limit,
// audited; without it, a whole number counts as its last four.
describe('who may upload notices, and what a whole SSN in one tells them', () => {
  // A whole number for each guess: the same first three and last four, the middle two counted up.
  const guess = (index: number) => `5${String(10 + index).padStart(2, '0')}${String(40 + index).padStart(2, '0')}7321`;
  const notice = (debtorName: string, debtorSsn: string | null, name?: string) =>
    sampleFile('chapter7', { debtorName, debtorSsn, jointDebtorName: null, jointDebtorSsn: null }, { name });

  it("refuses a plain agent's upload with the permission's 403, reading and writing nothing", async () => {
    const before = { notices: await noticeCount(t), writes: await countWrites(t.database.db) };
    const response = await uploadNotices(t, other, [await notice('Pat Quinn', '523456789')]);
    expectErrors(response, 403, [permissionRefusal('bankruptcy.create_notices')]);
    expect({ notices: await noticeCount(t), writes: await countWrites(t.database.db) }).toEqual(before);
  });

  it('compares no whole SSN for an uploader without customers.reveal_ssn: the answer is the same for the right number and a wrong one', async () => {
    const desk = await signInAsStaff(t.app, t.database.db, ['agent', 'bankruptcy']);
    const customer = await customerWithSsn('Ines', 'Marchetti', '612457321');
    const response = await uploadNotices(t, desk, [
      // The right number under another name, then a wrong number (same last four) under another name.
      await notice('Someone Else', '612457321', 'right.pdf'),
      await notice('Someone Else', '612467321', 'wrong.pdf'),
      // Under the customer's name: matched by the last four and the name, right number or wrong.
      await notice('Ines Marchetti', '612457321', 'right-named.pdf'),
      await notice('Ines Marchetti', '612467321', 'wrong-named.pdf'),
    ]);
    expect(response.statusCode).toBe(200);
    const [right, wrong, rightNamed, wrongNamed] = await Promise.all(
      response.json().notices.map((created: { id: number }) => getNotice(created.id, desk)),
    );
    expect([right.customer, wrong.customer]).toEqual([null, null]);
    for (const named of [rightNamed, wrongNamed])
      expect(named.customer).toMatchObject({ id: customer.id, match: 'ssn_last4_and_name' });
    // Nothing compared, so nothing counted or recorded as an SSN search.
    expect(await ssnSearchesBy(desk)).toEqual([]);
  });

  it(`stops a flood of guesses: ${SSN_SEARCHES_PER_MINUTE} whole SSNs a minute per employee, then 429 with a sentence, and nothing uploaded`, async () => {
    const desk = await signInAsStaff(t.app, t.database.db, ['agent', 'bankruptcy', 'ssn_reveal']);
    const guesses = Array.from({ length: SSN_SEARCHES_PER_MINUTE + 1 }, (_, index) => guess(index));
    const customer = await customerWithSsn('Noor', 'Haddad', guesses.at(-1)!);
    const flood = await Promise.all(guesses.map((ssn, index) => notice('Some Debtor', ssn, `guess-${index}.pdf`)));

    const before = { notices: await noticeCount(t), writes: await countWrites(t.database.db) };
    const refused = await uploadNotices(t, desk, flood);
    expectErrors(refused, 429, [
      ssnLimitSentence('notice_upload', SSN_SEARCHES_PER_MINUTE + 1, SSN_SEARCHES_PER_MINUTE),
    ]);
    expect(refused.json().errors[0]).toBe(
      "This would compare 6 whole SSNs with customers'; you may compare 5 a minute and have 5 left. Nothing was uploaded: wait a minute, or upload fewer notices that print a whole SSN at a time.",
    );
    expect({ notices: await noticeCount(t), writes: await countWrites(t.database.db) }).toEqual(before);

    // Five go through (one comparison request), the sixth waits for the next minute.
    const allowed = await uploadNotices(t, desk, flood.slice(0, SSN_SEARCHES_PER_MINUTE));
    expect(allowed.statusCode).toBe(200);
    const afterAllowed = { notices: await noticeCount(t), writes: await countWrites(t.database.db) };
    const last = await uploadNotices(t, desk, flood.slice(SSN_SEARCHES_PER_MINUTE));
    expect(last.statusCode).toBe(429);
    expect(last.json().errors).toEqual([ssnLimitSentence('notice_upload', 1, 0)]);
    expect({ notices: await noticeCount(t), writes: await countWrites(t.database.db) }).toEqual(afterAllowed);
    // The right guess was never compared, and never shown as a match.
    const matched = await t.database.db
      .select()
      .from(bankruptcyNotices)
      .where(eq(bankruptcyNotices.customerId, customer.id));
    expect(matched).toEqual([]);
    // A notice without a whole SSN still goes up: nothing to compare.
    expect((await uploadNotices(t, desk, [await notice('Some Debtor', '7321')])).statusCode).toBe(200);
  });

  it('records one audit event per upload: the employee, how many SSNs were compared and their last four, never the number', async () => {
    const desk = await signInAsStaff(t.app, t.database.db, ['agent', 'bankruptcy', 'ssn_reveal']);
    const customer = await customerWithSsn('Olu', 'Adeyemi', '634567321');
    const response = await uploadNotices(t, desk, [
      await notice('Olu Adeyemi', '634567321', 'a.pdf'),
      // The same number again is not a second guess.
      await notice('Olu Adeyemi', '634-56-7321', 'b.pdf'),
      await notice('Other Person', '635567321', 'c.pdf'),
      await notice('Olu Adeyemi', '7321', 'd.pdf'),
    ]);
    expect(response.statusCode).toBe(200);
    const events = await ssnSearchesBy(desk);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      employeeId: desk.employeeId,
      entityType: 'employee_ssn_searches',
      entityId: String(desk.employeeId),
      after: {
        purpose: 'bankruptcy notice upload',
        ssns_compared: 2,
        ssns: ['***-**-7321', '***-**-7321'],
        found: [customer.id],
      },
    });
    expect(events[0]?.ipAddress).toBeTruthy();
    expect(JSON.stringify(events[0])).not.toMatch(/63[45].?56.?7321/);
    const [a, b, c, d] = await Promise.all(
      response.json().notices.map((created: { id: number }) => getNotice(created.id, desk)),
    );
    expect([a, b].map((seen) => seen.customer?.match)).toEqual(['ssn', 'ssn']);
    expect(c.customer).toBeNull();
    expect(d.customer).toMatchObject({ id: customer.id, match: 'ssn_last4_and_name' });
  });
});

// A customer with this whole SSN on file, sealed as the server seals it.
async function customerWithSsn(firstName: string, lastName: string, digits: string) {
  const customer = await createCustomer(t.database.db, { firstName, lastName });
  const sealed = createSsnSealer(TEST_SECRETS_KEY)(customer.id, digits);
  await t.database.db
    .update(customers)
    .set({ ssnSealed: sealed.sealed, ssnHash: sealed.hash, ssnLast4: sealed.last4 })
    .where(eq(customers.id, customer.id));
  return customer;
}

// The SSN door's records of an employee's comparisons.
function ssnSearchesBy(staff: StaffSession) {
  return t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.employeeId, staff.employeeId), eq(auditEvents.action, 'customer.ssn_searched')));
}
