import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CUSTOMER_APP_TOKEN_HEADER, CUSTOMER_APP_TOKEN_PURPOSE } from '@portal/contracts';
import { payments } from '@portal/db';
import type { NewCustomer } from '@portal/db/testing';
import { createActiveLoan } from '../../testing/loan-helpers.ts';
import { signToken } from '../../platform/signed-token.ts';
import { issueUploadToken } from '../../platform/upload-link.ts';
import { countWrites } from '../../testing/row-counts.ts';
import { TEST_SECRETS_KEY } from '../../testing/test-app.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { customerAppRequestKey, signCustomerAppRequest } from './request-token.ts';
import { CUSTOMER_APP_MESSAGES } from './routes.ts';
import { callAsStaff } from '../../testing/staff-helpers.ts';
import { auditEventsOfEntity } from '../../testing/audit-events.ts';
import { expectErrors } from '../../testing/error-answers.ts';

// The test clock stands at Saturday 2026-11-21 in Los Angeles.
const t = useTestApp();
const staff = useStaffSession(t);
const keys = { secretsKey: TEST_SECRETS_KEY, clock: { now: () => t.clock.now() } };

// A funded loan of 6 monthly payments from 2026-10-01 (ACH, a card on file too); the first two paid.
const activeLoan = (customer: NewCustomer = {}) => createActiveLoan(t.database.db, customer);

const PAYMENTS = '/internal/api/customer_app/payments';
// A token for one call, e.g. `12/reschedule` (the customer app signs each request's method and path).
const tokenFor = (customerId: number, call: string, seconds?: number) =>
  signCustomerAppRequest(keys, customerId, { method: 'POST', path: `${PAYMENTS}/${call}` }, { seconds });

function post(path: string, token: string | null, payload?: object) {
  return t.app.inject({
    method: 'POST',
    url: `${PAYMENTS}/${path}`,
    headers: token === null ? {} : { [CUSTOMER_APP_TOKEN_HEADER]: token },
    ...(payload ? { payload } : {}),
  });
}
const reschedule = (customerId: number, paymentId: number, date: string) =>
  post(`${paymentId}/reschedule`, tokenFor(customerId, `${paymentId}/reschedule`), { date });
const toggle = (customerId: number, paymentId: number) =>
  post(`${paymentId}/toggle_method`, tokenFor(customerId, `${paymentId}/toggle_method`));

const paymentRow = async (id: number) => (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const auditOf = (id: number) => auditEventsOfEntity(t.database.db, 'payment', id);

describe('POST customer_app/payments/:id/reschedule', () => {
  it("moves the customer's own payment and audits it as the customer's, with no employee", async () => {
    const { customerId, loan, next } = await activeLoan();
    const response = await reschedule(customerId, next.id, '2026-12-08');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: `Payment ${next.id} moved from 2026-12-01 to 2026-12-08.`,
      payment: {
        id: next.id,
        loan_id: loan.id,
        due: '2026-12-08',
        method: 'ach',
        amount: next.expectedAmountCents / 100,
      },
    });
    expect(await paymentRow(next.id)).toMatchObject({ due: '2026-12-08', originalDue: '2026-12-01' });
    const audit = await auditOf(next.id);
    expect(audit.map((event) => [event.action, event.employeeId, event.before, event.after])).toEqual([
      [
        'payment.rescheduled',
        null,
        { due: '2026-12-01' },
        { due: '2026-12-08', made_by: 'customer', customer_id: customerId },
      ],
    ]);
    expect(audit[0]!.ipAddress).toBe('127.0.0.1');
  });

  it("refuses by the staff's own rules, with the sentence only, and writes nothing", async () => {
    const { customerId, paid, next } = await activeLoan();
    const before = await countWrites(t.database.db);

    const paidAnswer = await reschedule(customerId, paid.id, '2026-12-08');
    expect(paidAnswer.statusCode).toBe(409);
    // No staff loan card in the answer: only the sentence.
    expect(paidAnswer.json()).toEqual({ errors: [`Payment ${paid.id} is already paid, so it cannot be changed.`] });
    const weekend = await reschedule(customerId, next.id, '2026-12-05');
    expectErrors(weekend, 400, [
      '2026-12-05 falls on a weekend; payments are collected on weekdays (Monday to Friday).',
    ]);
    expect((await reschedule(customerId, next.id, '2026-11-20')).statusCode).toBe(400);
    const pastGrace = await reschedule(customerId, next.id, '2027-04-01');
    expect(pastGrace.statusCode).toBe(400);
    expect(pastGrace.json().errors[0]).toMatch(/^2027-04-01 is too late/);
    const noDate = await post(`${next.id}/reschedule`, tokenFor(customerId, `${next.id}/reschedule`), {});
    expect(noDate.statusCode).toBe(400);

    expect(await countWrites(t.database.db)).toEqual(before);
    expect((await paymentRow(next.id)).due).toBe('2026-12-01');
  });

  it("answers another customer's payment as one that does not exist (404), and writes nothing", async () => {
    const mine = await activeLoan();
    const theirs = await activeLoan();
    const before = await countWrites(t.database.db);
    const other = await reschedule(mine.customerId, theirs.next.id, '2026-12-08');
    expectErrors(other, 404, [`Payment ${theirs.next.id} was not found.`]);
    const missing = await reschedule(mine.customerId, 99_999_999, '2026-12-08');
    expectErrors(missing, 404, ['Payment 99999999 was not found.']);
    expect((await toggle(mine.customerId, theirs.next.id)).statusCode).toBe(404);
    expect(await countWrites(t.database.db)).toEqual(before);
    expect(await paymentRow(theirs.next.id)).toMatchObject({ due: '2026-12-01', method: 'ach' });
  });
});

describe('POST customer_app/payments/:id/toggle_method', () => {
  it('switches ach to debit card and back, each audited with no employee', async () => {
    const { customerId, next } = await activeLoan();
    const toDebit = await toggle(customerId, next.id);
    expect(toDebit.statusCode, toDebit.body).toBe(200);
    expect(toDebit.json()).toMatchObject({
      message: `Payment ${next.id} will be collected by debit card instead of ACH (bank account).`,
      payment: { id: next.id, method: 'debit', due: '2026-12-01' },
    });
    expect((await paymentRow(next.id)).method).toBe('debit');
    expect((await toggle(customerId, next.id)).json().payment.method).toBe('ach');
    expect((await auditOf(next.id)).map((event) => [event.action, event.employeeId, event.after])).toEqual([
      ['payment.method_changed', null, { method: 'debit', made_by: 'customer', customer_id: customerId }],
      ['payment.method_changed', null, { method: 'ach', made_by: 'customer', customer_id: customerId }],
    ]);
  });

  it('refuses a method the customer cannot pay with (409) and writes nothing', async () => {
    const noCard = await activeLoan({ debitCard: false });
    const before = await countWrites(t.database.db);
    const response = await toggle(noCard.customerId, noCard.next.id);
    expectErrors(response, 409, ['The customer has no debit card on file.']);
    expect(await countWrites(t.database.db)).toEqual(before);
    expect((await paymentRow(noCard.next.id)).method).toBe('ach');
  });

  it('leaves staff changes audited as before: with the employee, no made_by', async () => {
    const { next } = await activeLoan();
    const response = await callAsStaff(t.app, staff, 'PATCH', 'toggle_payment_method', { pmt_id: next.id });
    expect(response.statusCode).toBe(200);
    expect((await auditOf(next.id)).map((event) => [event.employeeId, event.after])).toEqual([
      [staff.employeeId, { method: 'debit' }],
    ]);
  });
});

describe("the customer app's request token", () => {
  it('is required, must be signed with its own key for its purpose, and must not have run out (401, nothing written)', async () => {
    const { customerId, next } = await activeLoan();
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const hotlinkAnswer = await t.app.inject({
      method: 'GET',
      url: '/internal/api/users/hotlink',
      query: { user_id: String(customerId) },
      headers: staff.headers,
    });
    expect(hotlinkAnswer.statusCode).toBe(200);
    const hotlink = hotlinkAnswer.json<{ url: string }>().url.split('#')[1]!;
    const before = await countWrites(t.database.db);
    const refusals: Array<[string, string | null, string]> = [
      ['no token', null, CUSTOMER_APP_MESSAGES.noToken],
      ['not a token', 'not-a-token', CUSTOMER_APP_MESSAGES.invalid],
      [
        'signed with another key',
        signToken(Buffer.alloc(32, 1), {
          purpose: CUSTOMER_APP_TOKEN_PURPOSE,
          customer_id: customerId,
          expires_at: now + 60,
        }),
        CUSTOMER_APP_MESSAGES.invalid,
      ],
      ['a hotlink the Portal made (its own key and purpose)', hotlink, CUSTOMER_APP_MESSAGES.invalid],
      [
        'this key, another purpose',
        signToken(customerAppRequestKey(keys), {
          purpose: 'customer-app-sign-in',
          customer_id: customerId,
          expires_at: now + 60,
        }),
        CUSTOMER_APP_MESSAGES.invalid,
      ],
      [
        'an upload link',
        issueUploadToken(keys, { loanId: next.loanId, customerId, kinds: ['paystub'] }).token,
        CUSTOMER_APP_MESSAGES.invalid,
      ],
      [
        'no customer',
        signToken(customerAppRequestKey(keys), { purpose: CUSTOMER_APP_TOKEN_PURPOSE, expires_at: now + 60 }),
        CUSTOMER_APP_MESSAGES.invalid,
      ],
      [
        'a tampered customer',
        (() => {
          const [, signature] = tokenFor(customerId, `${next.id}/reschedule`).split('.');
          const body = Buffer.from(
            JSON.stringify({ purpose: CUSTOMER_APP_TOKEN_PURPOSE, customer_id: customerId + 1, expires_at: now + 60 }),
          ).toString('base64url');
          return `${body}.${signature}`;
        })(),
        CUSTOMER_APP_MESSAGES.invalid,
      ],
      ['run out', tokenFor(customerId, `${next.id}/reschedule`, 0), CUSTOMER_APP_MESSAGES.expired],
      ['made to last an hour', tokenFor(customerId, `${next.id}/reschedule`, 3600), CUSTOMER_APP_MESSAGES.tooLong],
    ];
    for (const [name, token, message] of refusals) {
      for (const response of [
        await post(`${next.id}/reschedule`, token, { date: '2026-12-08' }),
        await post(`${next.id}/toggle_method`, token),
        // Authentication comes before the body is read: no 400 for a caller without a good token.
        await post(`${next.id}/reschedule`, token, { date: 'someday' }),
      ]) {
        expect(response.statusCode, name).toBe(401);
        expect(response.json(), name).toEqual({ errors: [message] });
      }
    }
    // A staff session is not the customer's token.
    const asStaff = await callAsStaff(t.app, staff, 'POST', `customer_app/payments/${next.id}/toggle_method`);
    expect(asStaff.statusCode).toBe(401);
    expect(await countWrites(t.database.db)).toEqual(before);
    expect(await paymentRow(next.id)).toMatchObject({ due: '2026-12-01', method: 'ach' });
  });

  it('runs out after its few minutes', async () => {
    const { customerId, next } = await activeLoan();
    const token = tokenFor(customerId, `${next.id}/toggle_method`);
    const start = t.clock.now();
    try {
      t.clock.advance(301_000);
      const response = await post(`${next.id}/toggle_method`, token);
      expectErrors(response, 401, [CUSTOMER_APP_MESSAGES.expired]);
    } finally {
      t.clock.set(start);
    }
    expect((await post(`${next.id}/toggle_method`, token)).statusCode).toBe(200);
  });
});
