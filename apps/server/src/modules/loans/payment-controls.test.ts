import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { paymentControls, type PaymentControl, type PaymentMethodName } from '@portal/contracts';
import { payments } from '@portal/db';
import type { NewCustomer } from '@portal/db/testing';
import { createActiveLoan } from '../../testing/loan-helpers.ts';
import { callAsStaff } from '../../testing/staff-helpers.ts';
import { countWrites } from '../../testing/row-counts.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { controlSubjectOf } from './payment-controls.ts';
import type { PaymentRecord } from './repository.ts';

// The screen offers the controls of the shared rule (contracts rules/payment-controls.ts); the
// server must refuse with 409 every control the rule does not offer. (What an offered control
// does is tested with each call: payment-actions.test.ts, early-repay.test.ts.)

const t = useTestApp();
const staff = useStaffSession(t);

const ALL_CONTROLS: PaymentControl[] = [
  'change-date',
  'toggle-method',
  'smaller-payment',
  'split',
  'waive-bounce-fee',
  'cancel-early-repay',
  'invalidate',
  'validate',
  'refund',
];

// The controls that also need a permission this agent does not hold: refused with 403 rather
// than 409 when the payment's state would otherwise allow them.
const PERMISSION_CONTROLS: PaymentControl[] = ['invalidate', 'validate', 'refund'];

function callControl(control: PaymentControl, paymentId: number, loanId: number) {
  switch (control) {
    case 'change-date':
      return callAsStaff(t.app, staff, 'PATCH', 'payment_date', { pmt_id: paymentId, date: '2026-12-08' });
    case 'toggle-method':
      return callAsStaff(t.app, staff, 'PATCH', 'toggle_payment_method', { pmt_id: paymentId });
    case 'smaller-payment':
      return callAsStaff(t.app, staff, 'PATCH', 'smaller_payment', { pmt_id: paymentId, amt: 30 });
    case 'waive-bounce-fee':
      return callAsStaff(t.app, staff, 'PATCH', 'credit_bounce_fee', { pmt_id: paymentId });
    case 'cancel-early-repay':
      return callAsStaff(t.app, staff, 'DELETE', 'early_repay', { pmt_id: paymentId });
    case 'split':
      return callAsStaff(t.app, staff, 'PATCH', 'loans/split_payment', {
        loan_id: loanId,
        payment_id: paymentId,
        size: 10,
        date: '2026-12-08',
        warning_accepted: true,
      });
    case 'invalidate':
    case 'validate':
      return callAsStaff(t.app, staff, 'PATCH', 'loans/change_payment', {
        payment: { id: paymentId, action: 'toggle_valid' },
      });
    case 'refund':
      return callAsStaff(t.app, staff, 'PATCH', 'loans/change_payment', {
        payment: { id: paymentId, action: 'refund' },
      });
  }
}

// A due installment of a funded loan, changed to the case under test.
async function paymentOf(customer: NewCustomer, values: Partial<PaymentRecord>): Promise<PaymentRecord> {
  const { next } = await createActiveLoan(t.database.db, customer);
  const [row] = await t.database.db
    .update(payments)
    .set({ method: 'ach', ...values })
    .where(eq(payments.id, next.id))
    .returning();
  return row!;
}

const now = new Date('2026-11-20T17:00:00Z');
const cases: Array<{
  name: string;
  customer?: NewCustomer;
  eligible: PaymentMethodName[];
  values: Partial<PaymentRecord>;
}> = [
  { name: 'a paid installment with a fee', eligible: ['ach', 'debit'], values: { paidAt: now, bounceFeeCents: 1500 } },
  { name: 'a processing installment', eligible: ['ach', 'debit'], values: { processingAt: now } },
  {
    name: 'an invalid (cancelled) installment with a fee',
    eligible: ['ach', 'debit'],
    values: { invalidAt: now, bounceFeeCents: 1500 },
  },
  {
    name: 'an invalid early repayment',
    eligible: ['ach', 'debit'],
    values: { invalidAt: now, type: 'EarlyRepayment' },
  },
  {
    name: 'a due installment without a fee, of a customer without a card',
    customer: { debitCard: false },
    eligible: ['ach'],
    values: {},
  },
  {
    name: 'a due early repayment with a fee',
    eligible: ['ach', 'debit'],
    values: { type: 'EarlyRepayment', bounceFeeCents: 1500 },
  },
];

describe('payment controls: the server refuses what the shared rule does not offer', () => {
  for (const { name, customer, eligible, values } of cases) {
    it(`refuses with 409, writing nothing, every control not offered on ${name}`, async () => {
      const payment = await paymentOf(customer ?? {}, values);
      const offered = paymentControls(controlSubjectOf(payment), eligible);
      const refused = ALL_CONTROLS.filter((control) => !offered.includes(control));
      expect(refused.length).toBeGreaterThan(0);
      const before = await countWrites(t.database.db);
      for (const control of refused) {
        const response = await callControl(control, payment.id, payment.loanId);
        const statuses = PERMISSION_CONTROLS.includes(control) ? [403, 409] : [409];
        expect(statuses, control).toContain(response.statusCode);
        expect(response.json().errors).toHaveLength(1);
      }
      expect(await countWrites(t.database.db)).toEqual(before);
    });
  }

  it('offers nothing at all on a payment that is not due', async () => {
    for (const values of [{ paidAt: now }, { processingAt: now }, { invalidAt: now }]) {
      const payment = await paymentOf({}, { ...values, bounceFeeCents: 1500 });
      expect(paymentControls(controlSubjectOf(payment), ['ach', 'debit'])).toEqual([]);
    }
  });
});
