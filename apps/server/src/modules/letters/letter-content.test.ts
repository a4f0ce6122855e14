import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bounces, messages, payments as paymentsTable } from '@portal/db';
import { createCustomer, createLoan } from '@portal/db/testing';
import { readPdfText } from '../../platform/pdf-text.ts';
import { createDirectoryStorage } from '../../platform/storage.ts';
import { createSignedInStaff, type SignedInStaff } from '../../testing/staff-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { validationPeriodEnd } from './debt-validation-letter.ts';
import { itemizeDebt, type LetterPayment } from './letter-facts.ts';

const payment = (overrides: Partial<LetterPayment>): LetterPayment => ({
  id: 1,
  due: '2026-07-01',
  type: 'Installment',
  amountCents: 10_000,
  state: 'due',
  paidOn: null,
  bounceFeeCents: 0,
  bounces: [],
  ...overrides,
});

describe('itemizeDebt', () => {
  it('adds up: owed then + interest + fees - payments and credits = owed now', () => {
    const debt = itemizeDebt({
      fundedOn: '2026-06-01',
      principalCents: 100_000,
      payoffCents: 70_000,
      creditedCents: 500,
      payments: [
        payment({ id: 1, state: 'paid', amountCents: 20_000 }),
        payment({
          id: 2,
          state: 'processing',
          amountCents: 20_000,
          bounces: [
            { on: '2026-08-03', code: 'R01', amountCents: 20_000, feeCents: 1_500, feeWaived: false },
            { on: '2026-08-10', code: 'R01', amountCents: 20_000, feeCents: 1_500, feeWaived: true },
          ],
        }),
        payment({ id: 3, state: 'due', amountCents: 20_000, bounceFeeCents: 1_500 }),
        payment({ id: 4, state: 'invalid', amountCents: 20_000 }),
      ],
    });
    expect(debt).toEqual({
      itemizationDate: '2026-06-01',
      owedThenCents: 100_000,
      feesCents: 1_500,
      paymentsCents: 40_000,
      creditsCents: 500,
      // The payoff and the fee still due with payment 3.
      owedNowCents: 71_500,
      interestCents: 71_500 - 100_000 - 1_500 + 40_000 + 500,
    });
    expect(debt.owedThenCents + debt.interestCents + debt.feesCents - debt.paymentsCents - debt.creditsCents).toBe(
      debt.owedNowCents,
    );
  });
});

describe('validationPeriodEnd', () => {
  it('is 30 days after receipt, assumed five business days after the letter is sent', () => {
    // Saturday 2026-11-21: Mon 23, Tue 24, Wed 25, (Thanksgiving) Fri 27, Mon 30; 30 days later.
    expect(validationPeriodEnd('2026-11-21')).toBe('2026-12-30');
    // Monday 2026-11-23: received Tuesday 2026-12-01.
    expect(validationPeriodEnd('2026-11-23')).toBe('2026-12-31');
    // Monday 2026-12-21: Tue 22, Wed 23, Thu 24, (Christmas) Mon 28, Tue 29; 30 days later.
    expect(validationPeriodEnd('2026-12-21')).toBe('2027-01-28');
  });
});

describe('the letters drawn', () => {
  let t: TestApp;
  let staff: SignedInStaff;
  beforeAll(async () => {
    t = await createTestApp({ storage: createDirectoryStorage(mkdtempSync(join(tmpdir(), 'portal-letters-'))) });
    staff = await createSignedInStaff(t.app, t.database.db);
  });
  afterAll(() => t.close());

  const post = (path: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/internal/api/${path}`, headers: staff.headers, payload });
  const fileOf = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: staff.headers })).rawPayload;
  const dollars = (cents: number) =>
    `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

  // Funded 2026-06-01, six installments; three paid; the second one bounced once (fee $15) first.
  async function loanWithBounce(installments = 6) {
    const customer = await createCustomer(t.database.db, {
      firstName: 'Dora',
      lastName: 'Debtor',
      birthday: '1985-02-03',
      ssnLast4: '6789',
    });
    const { loan, payments } = await createLoan(t.database.db, {
      customerId: customer.id,
      fundedOn: '2026-06-01',
      principalCents: 120_000,
      installments,
      paidInstallments: 3,
    });
    await t.database.db.insert(bounces).values({
      paymentId: payments[1]!.id,
      loanId: loan.id,
      returnCode: 'R01',
      bouncedOn: '2026-08-03',
      amountCents: payments[1]!.expectedAmountCents,
      feeCents: 1_500,
    });
    return { customer, loan, payments };
  }

  it('itemizes the debt as a Regulation F validation notice does', async () => {
    const { loan, payments } = await loanWithBounce();
    const response = await post('users/send_debt_validation', { loan_id: loan.id, send_email: false });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.message).toBe(`Debt validation letter for loan ${loan.id} saved to the customer's documents.`);
    const text = await readPdfText(await fileOf(answer.document.url));

    const search = await t.app.inject({
      method: 'GET',
      url: `/internal/api/users/search?parameter=loan_id&search=${loan.id}`,
      headers: staff.headers,
    });
    const payoffCents = Math.round(
      search.json().loans.find((each: { id: number }) => each.id === loan.id).payoff_balance * 100,
    );
    const paidCents = payments.slice(0, 3).reduce((total, each) => total + each.expectedAmountCents, 0);
    const interestCents = payoffCents - 120_000 - 1_500 + paidCents;

    expect(text).toContain('Dora Debtor');
    expect(text).toContain(`Loan ID: ${loan.id}`);
    expect(text).toContain('is the creditor of this debt');
    expect(text).toContain('As of 2026-06-01, you owed: $1,200.00');
    expect(text).toContain('Between 2026-06-01 and 2026-11-21:');
    expect(text).toContain(`You were charged this amount in interest: + ${dollars(interestCents)}`);
    expect(text).toContain('You were charged this amount in fees: + $15.00');
    expect(text).toContain(`You paid or were credited this amount toward the debt: - ${dollars(paidCents)}`);
    expect(text).toContain(`Total amount of the debt now: ${dollars(payoffCents)}`);
    expect(text).toContain('Call or write to us by 2026-12-30 to dispute all or part of the debt.');
    expect(text).toContain('www.cfpb.gov/debt-collection');
  });

  it('puts identity (the last four of the SSN only), reporting history, returns and payments in one PDF', async () => {
    const { customer, loan, payments } = await loanWithBounce();
    const response = await post('users/generate_fcra_packet', { user_id: customer.id, loan_id: loan.id });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({
      message: `FCRA packet for loan ${loan.id} saved to the customer's documents.`,
      message_id: null,
      document: { kind: 'fcra_packet', loan_id: loan.id },
    });
    const text = await readPdfText(await fileOf(answer.document.url));
    expect(text).toContain('FCRA packet');
    expect(text).toContain('Dora Debtor');
    expect(text).toContain('1 Main St');
    expect(text).toContain('Date of birth: 1985-02-03');
    expect(text).toContain('SSN: ***-**-6789');
    expect(text).toContain(`Loan ${loan.id}`);
    expect(text).toMatch(/2026-05-29\s+Applied/);
    expect(text).toMatch(/2026-06-01\s+Funded \(account opened\)/);
    expect(text).toMatch(
      new RegExp(
        `#${payments[1]!.id}\\s+2026-08-03\\s+R01\\s+\\${dollars(payments[1]!.expectedAmountCents)}\\s+\\$15\\.00`,
      ),
    );
    for (const each of payments) expect(text).toContain(`#${each.id}`);
    expect(await t.database.db.select().from(messages).where(eq(messages.customerId, customer.id))).toEqual([]);
  });

  it('runs a long payment history onto more pages, each numbered, the table header repeated', async () => {
    const { customer, loan } = await loanWithBounce(6);
    // Five years of weekly custom payments on top of the schedule.
    await t.database.db.insert(paymentsTable).values(
      Array.from({ length: 260 }, (_, index) => {
        const due = new Date(Date.UTC(2026, 6, 1) + index * 7 * 86_400_000).toISOString().slice(0, 10);
        return { loanId: loan.id, type: 'Custom' as const, expectedAmountCents: 2_500, due, originalDue: due };
      }),
    );
    const answer = (await post('users/generate_fcra_packet', { user_id: customer.id, loan_id: loan.id })).json();
    const pdf = await fileOf(answer.document.url);
    const pages = (await PDFDocument.load(pdf)).getPageCount();
    expect(pages).toBeGreaterThan(3);
    const text = await readPdfText(pdf);
    expect(text).toContain(`FCRA packet, loan ${loan.id}, 2026-11-21 - Page 1 of ${pages}`);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text.match(/Payment\s+Due date\s+Type/g)?.length).toBeGreaterThanOrEqual(pages - 1);
    expect(text).toContain('2031-06-18');
  });
});
