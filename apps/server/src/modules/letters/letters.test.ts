import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { bounces, documents, messageAttachments, messages } from '@portal/db';
import { createCustomer, createLoan } from '@portal/db/seed';
import { createSmtpMailer } from '../../platform/mail.ts';
import { queueOutboundMessage } from '../../platform/outbound.ts';
import { readPdfText } from '../../platform/pdf-text.ts';
import { createDirectoryStorage } from '../../platform/storage.ts';
import { countWrites } from '../../testing/row-counts.ts';
import { createSignedInStaff, type SignedInStaff } from '../../testing/staff-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../testing/test-smtp-server.ts';

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

const post = (path: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/internal/api/${path}`, headers: staff.headers, payload });
const fileOf = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: staff.headers })).rawPayload;
const letterCount = async () => (await t.database.db.select({ n: count() }).from(documents))[0]?.n ?? 0;
const storedFiles = () => readdirSync(storageDir, { recursive: true }).length;

async function customerWithLoan() {
  const customer = await createCustomer(t.database.db, { firstName: 'Lena', lastName: 'Letterman' });
  // Funded 2026-06-01: by the test clock's 2026-11-21 five installments were due; three are paid.
  const { loan, payments } = await createLoan(t.database.db, {
    customerId: customer.id,
    fundedOn: '2026-06-01',
    principalCents: 120_000,
    paidInstallments: 3,
  });
  return { customer, loan, payments };
}

describe('POST users/send_account_status', () => {
  it('saves the letter as a PDF naming the customer, the loan and the amounts, and lists it in the documents', async () => {
    const { customer, loan, payments } = await customerWithLoan();
    const response = await post('users/send_account_status', { loan_id: loan.id, send_email: false });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({
      message: `Account status letter for loan ${loan.id} (Lena Letterman) saved to the documents.`,
      message_id: null,
      document: { kind: 'account_status_letter', loan_id: loan.id },
    });
    const text = await readPdfText(await fileOf(answer.document.url));
    const paidCents = payments.slice(0, 3).reduce((sum, payment) => sum + payment.expectedAmountCents, 0);
    expect(text).toContain('Lena Letterman');
    expect(text).toContain(`Loan ID: ${loan.id}`);
    expect(text).toContain('Amount financed: $1,200.00');
    expect(text).toContain(
      `Payments made: 3, totalling $${(paidCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
    expect(text).toContain('Status: ACTIVE');
    const listed = await t.app.inject({
      method: 'GET',
      url: `/internal/api/users/fetch_documents?user_id=${customer.id}`,
      headers: staff.headers,
    });
    expect(listed.json().documents.map((item: { id: string }) => item.id)).toContain(answer.document.id);
  });

  it('emails it to the customer with the PDF attached, at a real SMTP server', async () => {
    const { customer, loan } = await customerWithLoan();
    const response = await post('users/send_account_status', { loan_id: loan.id, send_email: true });
    const answer = response.json();
    expect(answer.message).toBe(
      `Account status letter for loan ${loan.id} (Lena Letterman) saved and emailed to ${customer.email}.`,
    );
    const mail = smtp.received.at(-1)!;
    expect(mail.subject).toBe(`Your account status letter for loan ${loan.id}`);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({
      contentType: 'application/pdf',
      filename: expect.stringMatching(/\.pdf$/),
    });
    expect(Buffer.compare(mail.attachments[0]!.content, await fileOf(answer.document.url))).toBe(0);
    const [attachment] = await t.database.db
      .select()
      .from(messageAttachments)
      .where(eq(messageAttachments.messageId, answer.message_id));
    expect(attachment?.documentId).toBe(Number(answer.document.id));
  });

  it("answers the spec's messages for bad input and writes nothing", async () => {
    const { customer, loan } = await customerWithLoan();
    const other = await createCustomer(t.database.db);
    const before = { ...(await countWrites(t.database.db)), documents: await letterCount(), files: storedFiles() };
    const cases: Array<[object, number, string[]]> = [
      [{ send_email: true }, 400, ['Please enter a loan id']],
      [{ loan_id: loan.id }, 400, ['Please select whether or not to email the letter directly to the customer']],
      [
        { loan_id: loan.id, send_email: 'yes' },
        400,
        ['Please select whether or not to email the letter directly to the customer'],
      ],
      [{ loan_id: 'abc', send_email: false }, 400, ['Please enter a loan id']],
      [{ loan_id: 987_654_321, send_email: false }, 404, ['Loan 987654321 was not found.']],
    ];
    for (const [payload, status, errors] of cases) {
      const response = await post('users/send_account_status', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json()).toEqual({ errors });
    }
    const packet = await post('users/generate_fcra_packet', { user_id: other.id, loan_id: loan.id });
    expect(packet.json()).toEqual({ errors: [`Loan ${loan.id} is not a loan of customer ${other.id}.`] });
    expect({ ...(await countWrites(t.database.db)), documents: await letterCount(), files: storedFiles() }).toEqual(
      before,
    );
    expect(customer.id).toBeGreaterThan(0);
  });

  it('refuses to email a customer marked Do Not Contact, writing nothing', async () => {
    const { customer, loan } = await customerWithLoan();
    await t.app.inject({
      method: 'PATCH',
      url: '/internal/api/users/contact_flag',
      headers: staff.headers,
      payload: { user_id: customer.id, flag: 'dnc', on: true, reason: 'User requested' },
    });
    const before = { documents: await letterCount(), files: storedFiles(), sent: smtp.received.length };
    const response = await post('users/send_account_status', { loan_id: loan.id, send_email: true });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0]).toContain('is marked Do Not Contact');
    expect({ documents: await letterCount(), files: storedFiles(), sent: smtp.received.length }).toEqual(before);
    // Saving it without emailing is still allowed.
    expect((await post('users/send_account_status', { loan_id: loan.id, send_email: false })).statusCode).toBe(200);
  });
});

describe('the outbox and attachments', () => {
  it('marks an email undelivered, naming the document, when its attached file is missing from storage', async () => {
    const { customer } = await customerWithLoan();
    const [document] = await t.database.db
      .insert(documents)
      .values({
        customerId: customer.id,
        name: 'gone.pdf',
        kind: 'account_status_letter',
        storageKey: 'letters/none/gone.pdf',
      })
      .returning();
    const message = await queueOutboundMessage(
      t.database.db,
      { type: 'email', to: customer.email, subject: 'Letter', body: 'Attached.', customerId: customer.id },
      t.clock.now(),
    );
    await t.database.db.insert(messageAttachments).values({ messageId: message.id, documentId: document!.id });
    const sentBefore = smtp.received.length;
    const delivered = await t.app.outbox.deliver(message.id);
    expect(delivered).toMatchObject({ status: 'undelivered' });
    expect(delivered.error).toContain(`attached document ${document!.id} (gone.pdf) is missing from storage`);
    expect(smtp.received.length).toBe(sentBefore);
  });
});

describe('the debt validation letter and the FCRA packet', () => {
  it('itemizes the debt as a validation notice does', async () => {
    const { loan } = await customerWithLoan();
    const answer = (await post('users/send_debt_validation', { loan_id: loan.id, send_email: false })).json();
    const text = await readPdfText(await fileOf(answer.document.url));
    expect(text).toContain('Lena Letterman');
    expect(text).toContain(`Loan ID: ${loan.id}`);
    expect(text).toContain('As of 2026-06-01, you owed: $1,200.00');
    expect(text).toContain('Total amount of the debt now:');
    expect(text).toContain('2026-12-26'); // the dispute deadline: 35 days after 2026-11-21
  });

  it('puts identity (last four of the SSN only), reporting history, returns and payments in one PDF', async () => {
    const { customer, loan, payments } = await customerWithLoan();
    await t.database.db.insert(bounces).values({
      paymentId: payments[1]!.id,
      loanId: loan.id,
      returnCode: 'R01',
      bouncedOn: '2026-08-03',
      amountCents: 21_000,
      feeCents: 1500,
    });
    const answer = (await post('users/generate_fcra_packet', { user_id: customer.id, loan_id: loan.id })).json();
    expect(answer.message_id).toBeNull();
    const text = await readPdfText(await fileOf(answer.document.url));
    expect(text).toContain('FCRA packet');
    expect(text).toContain('Lena Letterman');
    expect(text).toContain(`Loan ${loan.id}`);
    expect(text).toContain('Funded (account opened)');
    expect(text).toContain('R01');
    expect(text).toContain('$210.00');
    expect(text).toMatch(/SSN: (\*\*\*-\*\*-\d{4}|not on file)/);
    expect(await t.database.db.select().from(messages).where(eq(messages.customerId, customer.id))).toEqual([]);
  });
});
