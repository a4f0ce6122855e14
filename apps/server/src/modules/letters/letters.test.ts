import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents, documents, messageAttachments, messages } from '@portal/db';
import { createCustomer, createLoan } from '@portal/db/testing';
import { createSmtpMailer } from '../../platform/mail.ts';
import { readPdfText } from '../../platform/pdf-text.ts';
import { createDirectoryStorage } from '../../platform/storage.ts';
import { countRows, countWrites } from '../../testing/row-counts.ts';
import { callAsStaff, createSignedInStaff, type SignedInStaff } from '../../testing/staff-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../testing/test-smtp-server.ts';
import { expectErrors } from '../../testing/error-answers.ts';

let t: TestApp;
let smtp: TestSmtpServer;
let staff: SignedInStaff;
const storageDir = mkdtempSync(join(tmpdir(), 'portal-letters-'));

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({
    mailer: createSmtpMailer(smtp.url, 'Portal Lending <letters@portal.example>'),
    storage: createDirectoryStorage(storageDir),
  });
  staff = await createSignedInStaff(t.app, t.database.db);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
afterEach(() => {
  smtp.mode = 'accept';
});

const post = (path: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/internal/api/${path}`, headers: staff.headers, payload });
const fileOf = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: staff.headers })).rawPayload;
const storedFiles = () => readdirSync(storageDir, { recursive: true }).length;
// Everything a letter writes: its file, its documents row, the email and its attachment, the audit.
const letterWrites = async () => ({
  ...(await countWrites(t.database.db)),
  documents: await countRows(t.database.db, documents),
  attachments: await countRows(t.database.db, messageAttachments),
  files: storedFiles(),
  received: smtp.received.length,
});
const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

// Funded 2026-06-01 with six monthly installments (July to December); three are paid. The test
// clock's business date is 2026-11-21.
async function customerWithLoan() {
  const customer = await createCustomer(t.database.db, {
    firstName: 'Lena',
    lastName: 'Letterman',
    street: '12 Elm Street',
    city: 'Salem',
    state: 'OR',
    zip: '97301',
  });
  const { loan, payments } = await createLoan(t.database.db, {
    customerId: customer.id,
    fundedOn: '2026-06-01',
    principalCents: 120_000,
    paidInstallments: 3,
  });
  return { customer, loan, payments };
}

// Asks for a letter by email for a new customer's loan: the call succeeds and says the email is in
// the outbox. What was sent is each test's to check.
async function emailLetter(path: string, letter: string) {
  const { customer, loan } = await customerWithLoan();
  const response = await post(path, { loan_id: loan.id, send_email: true });
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json();
  expect(answer.message).toBe(
    `${letter} for loan ${loan.id} saved. The email to ${customer.email} is in the outbox and goes out in a moment.`,
  );
  return { customer, loan, answer };
}

// The payoff the user page shows for the loan.
async function screenPayoff(loanId: number): Promise<number> {
  const response = await callAsStaff(t.app, staff, 'GET', `users/search?parameter=loan_id&search=${loanId}`);
  const loan = response.json().loans.find((each: { id: number }) => each.id === loanId);
  return Math.round(loan.payoff_balance * 100);
}

describe('POST users/send_account_status', () => {
  it('saves the letter as a PDF naming the customer, the loan and the amounts, and lists it in the documents', async () => {
    const { customer, loan, payments } = await customerWithLoan();
    const response = await post('users/send_account_status', { loan_id: loan.id, send_email: false });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toEqual({
      message: `Account status letter for loan ${loan.id} saved to the customer's documents.`,
      message_id: null,
      document: {
        id: expect.stringMatching(/^\d+$/),
        name: `account-status-letter-loan-${loan.id}-2026-11-21.pdf`,
        kind: 'account_status_letter',
        loan_id: loan.id,
        date: '2026-11-21',
        url: expect.stringContaining(`documents/`),
      },
    });

    const pdf = await fileOf(answer.document.url);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await readPdfText(pdf);
    const paid = payments.slice(0, 3);
    const due = payments.slice(3);
    const sum = (list: typeof payments) => list.reduce((total, payment) => total + payment.expectedAmountCents, 0);
    expect(text).toContain('Lena Letterman');
    expect(text).toContain('12 Elm Street');
    expect(text).toContain('Salem, OR 97301');
    expect(text).toContain('Date: 2026-11-21');
    expect(text).toContain(`Loan ID: ${loan.id}`);
    expect(text).toContain('Status: ACTIVE');
    expect(text).toContain('Amount financed: $1,200.00');
    expect(text).toContain(`Current balance on 2026-11-21: ${dollars(await screenPayoff(loan.id))}`);
    expect(text).toContain(`Payments made: 3, totalling ${dollars(sum(paid))}`);
    expect(text).toContain(
      `Payments due: 3, totalling ${dollars(sum(due))}; next payment ${dollars(due[0]!.expectedAmountCents)} due ${due[0]!.due} (past due)`,
    );
    for (const payment of payments) expect(text).toContain(`#${payment.id}`);

    // The row, its file and the audit event.
    const [row] = await t.database.db
      .select()
      .from(documents)
      .where(eq(documents.id, Number(answer.document.id)));
    expect(row).toMatchObject({ customerId: customer.id, loanId: loan.id, kind: 'account_status_letter' });
    expect(row!.storageKey).toMatch(new RegExp(`^letters/${customer.id}/[0-9a-f-]{36}\\.pdf$`));
    expect(existsSync(join(storageDir, row!.storageKey))).toBe(true);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'customer.account_status_letter_generated'),
          eq(auditEvents.entityId, String(customer.id)),
        ),
      );
    expect(audit?.after).toMatchObject({ documentId: row!.id, loanId: loan.id, emailed: false, messageId: null });

    const listed = await callAsStaff(t.app, staff, 'GET', `users/fetch_documents?user_id=${customer.id}`);
    expect(listed.json().documents).toContainEqual(answer.document);
  });

  it('emails it to the customer with the PDF attached, at a real SMTP server', async () => {
    const { customer, loan, answer } = await emailLetter('users/send_account_status', 'Account status letter');
    expect(answer.message_id).toEqual(expect.any(Number));
    await t.app.outbox.deliverDue();

    const mail = smtp.received.find((each) => each.subject === `Your account status letter for loan ${loan.id}`)!;
    expect(mail.to).toMatchObject({ text: customer.email });
    expect(mail.text).toContain('Attached is your account status letter');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ contentType: 'application/pdf', filename: answer.document.name });
    expect(Buffer.compare(mail.attachments[0]!.content, await fileOf(answer.document.url))).toBe(0);
    expect(await readPdfText(mail.attachments[0]!.content)).toContain('Lena Letterman');

    const [message] = await t.database.db.select().from(messages).where(eq(messages.id, answer.message_id));
    expect(message).toMatchObject({
      status: 'sent',
      type: 'email',
      toAddress: customer.email,
      customerId: customer.id,
    });
    const attachments = await t.database.db
      .select()
      .from(messageAttachments)
      .where(eq(messageAttachments.messageId, answer.message_id));
    expect(attachments.map((each) => each.documentId)).toEqual([Number(answer.document.id)]);
  });

  it('keeps the email in the outbox when the mail server refuses it for now, and sends it later', async () => {
    const { customer, loan } = await customerWithLoan();
    smtp.mode = 'refuse-421';
    const answer = (await post('users/send_account_status', { loan_id: loan.id, send_email: true })).json();
    expect(answer.message).toBe(
      `Account status letter for loan ${loan.id} saved. The email to ${customer.email} is in the outbox and goes out in a moment.`,
    );
    await t.app.outbox.deliverDue();
    const [refused] = await t.database.db.select().from(messages).where(eq(messages.id, answer.message_id));
    expect(refused).toMatchObject({ status: 'queued', attempts: 1 });
    smtp.mode = 'accept';
    t.clock.advance(3_600_000);
    await t.app.outbox.deliverDue();
    const mail = smtp.received.find((each) => each.subject === `Your account status letter for loan ${loan.id}`)!;
    expect(Buffer.compare(mail.attachments[0]!.content, await fileOf(answer.document.url))).toBe(0);
    t.clock.set(new Date('2026-11-21T17:00:00Z'));
  });

  it('refuses to email a customer marked Do Not Contact, writing nothing; saving it is still allowed', async () => {
    const { customer, loan } = await customerWithLoan();
    const flagged = await callAsStaff(t.app, staff, 'PATCH', 'users/contact_flag', {
      user_id: customer.id,
      flag: 'dnc',
      on: true,
      reason: 'User requested',
    });
    expect(flagged.statusCode, flagged.body).toBe(200);
    const before = await letterWrites();
    for (const path of ['users/send_account_status', 'users/send_debt_validation']) {
      const response = await post(path, { loan_id: loan.id, send_email: true });
      expectErrors(response, 409, [`Customer ${customer.id} is marked Do Not Contact; the letter was not emailed.`]);
    }
    expect(await letterWrites()).toEqual(before);
    const saved = await post('users/send_account_status', { loan_id: loan.id, send_email: false });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message_id).toBeNull();
  });
});

describe('bad input', () => {
  it("answers the spec's messages and other refusals as an errors list, writing nothing", async () => {
    const { customer, loan } = await customerWithLoan();
    const other = await createCustomer(t.database.db);
    const { loan: unfunded } = await createLoan(t.database.db, { customerId: customer.id, state: 'approved' });
    const loanIdMissing = 'Please enter a loan id';
    const sendEmailMissing = 'Please select whether or not to email the letter directly to the customer';
    const before = await letterWrites();
    const cases: Array<[string, object, number, string[]]> = [];
    for (const path of ['users/send_account_status', 'users/send_debt_validation']) {
      cases.push(
        [path, { send_email: true }, 400, [loanIdMissing]],
        [path, { loan_id: null, send_email: true }, 400, [loanIdMissing]],
        [path, { loan_id: loan.id }, 400, [sendEmailMissing]],
        [path, { loan_id: loan.id, send_email: 'yes' }, 400, [sendEmailMissing]],
        [path, { loan_id: loan.id, send_email: 1 }, 400, [sendEmailMissing]],
        [path, {}, 400, [loanIdMissing, sendEmailMissing]],
        [path, { loan_id: 'abc', send_email: false }, 400, [loanIdMissing]],
        [path, { loan_id: 1.5, send_email: false }, 400, [loanIdMissing]],
        [path, { loan_id: -3, send_email: false }, 400, [loanIdMissing]],
        [path, { loan_id: 987_654_321, send_email: false }, 404, ['Loan 987654321 was not found.']],
      );
    }
    cases.push(
      [
        'users/send_debt_validation',
        { loan_id: unfunded.id, send_email: false },
        409,
        [`Loan ${unfunded.id} was never funded, so there is no debt to validate.`],
      ],
      ['users/generate_fcra_packet', { user_id: customer.id }, 400, [loanIdMissing]],
      ['users/generate_fcra_packet', { user_id: 'abc', loan_id: loan.id }, 400, ['Please enter a user id.']],
      ['users/generate_fcra_packet', { loan_id: loan.id }, 400, ['Please enter a user id.']],
      [
        'users/generate_fcra_packet',
        { user_id: customer.id, loan_id: 987_654_321 },
        404,
        ['Loan 987654321 was not found.'],
      ],
      [
        'users/generate_fcra_packet',
        { user_id: other.id, loan_id: loan.id },
        404,
        [`Loan ${loan.id} is not a loan of customer ${other.id}.`],
      ],
    );
    for (const [path, payload, status, errors] of cases) {
      const response = await post(path, payload);
      expect(response.statusCode, `${path} ${JSON.stringify(payload)}`).toBe(status);
      expect(response.json(), `${path} ${JSON.stringify(payload)}`).toEqual({ errors });
    }
    expect(await letterWrites()).toEqual(before);
  });
});

describe('POST users/send_debt_validation', () => {
  it('emails the notice with its PDF attached', async () => {
    const { loan, answer } = await emailLetter('users/send_debt_validation', 'Debt validation letter');
    expect(answer.document).toMatchObject({ kind: 'debt_validation_letter', loan_id: loan.id });
    await t.app.outbox.deliverDue();
    const mail = smtp.received.find((each) => each.subject === `Your debt validation letter for loan ${loan.id}`)!;
    expect(Buffer.compare(mail.attachments[0]!.content, await fileOf(answer.document.url))).toBe(0);
    const attached = await t.database.db
      .select()
      .from(messageAttachments)
      .where(eq(messageAttachments.documentId, Number(answer.document.id)));
    expect(attached.map((each) => each.messageId)).toEqual([answer.message_id]);
  });
});
