import { and, eq } from 'drizzle-orm';
import { bankAccounts, bounces, customerBankruptcies, customers, debitStops, loans, payments } from '@portal/db';
import { createCustomer, createLoan } from '@portal/db/testing';
import type { DebitDuty } from '@portal/contracts';
import { callAsStaff } from './staff-helpers.ts';
import type { StaffSession } from './staff-session.ts';
import type { TestApp } from './test-app.ts';

// Every way a debit comes to be due in an ACH file, driven through the API as staff drive it, and
// every duty the door must enforce, set up from the facts the Portal holds (issue 41): the door
// table (ach-door.test.ts) crosses the two. The test clock stands at Saturday 2026-11-21 in Los
// Angeles, so a file built then goes Monday 2026-11-23 and settles Tuesday 2026-11-24; loans are
// funded 2026-09-01 with monthly installments, two paid, the next due 2026-12-01.

export const FILE_DAYS = { processingDate: '2026-11-23', effectiveDate: '2026-11-24' } as const;

export type DebitPathStaff = { agent: StaffSession; admin: StaffSession };

export type DebitCase = {
  customerId: number;
  loanId: number;
  // The installments as created (due 2026-10-01, 11-01, 12-01, ...).
  schedule: (typeof payments.$inferSelect)[];
};

type Driver = (t: TestApp, staff: DebitPathStaff, debit: DebitCase) => Promise<number>;

async function fail(what: string, response: { statusCode: number; body: string }): Promise<never> {
  throw new Error(`${what} answered ${response.statusCode}: ${response.body}`);
}

// The payment of the loan due on `due` created by the call (the one that was not there before).
async function newPaymentOn(t: TestApp, debit: DebitCase, due: string): Promise<number> {
  const rows = await t.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.loanId, debit.loanId), eq(payments.due, due)));
  const known = new Set(debit.schedule.map((payment) => payment.id));
  const created = rows.find((row) => !known.has(row.id) && row.invalidAt === null);
  if (!created) throw new Error(`No new payment due ${due} on loan ${debit.loanId}.`);
  return created.id;
}

export const debitPaths: Record<string, Driver> = {
  // The loan's own schedule: an installment falls due in the file's days.
  'the schedule (an installment due)': async (t, _staff, { schedule }) => {
    const next = schedule[2]!;
    await t.database.db
      .update(payments)
      .set({ due: '2026-11-24', originalDue: '2026-11-24' })
      .where(eq(payments.id, next.id));
    return next.id;
  },
  // The next installment moved into the file's days on the ticket screen.
  'PATCH payment_date': async (t, { agent }, { schedule }) => {
    const next = schedule[2]!;
    const response = await callAsStaff(t.app, agent, 'PATCH', 'payment_date', { pmt_id: next.id, date: '2026-11-24' });
    if (response.statusCode !== 200) await fail('payment_date', response);
    return next.id;
  },
  // The same from the loan card.
  'PATCH loans/change_payment reschedule': async (t, { agent }, { schedule }) => {
    const next = schedule[2]!;
    const response = await callAsStaff(t.app, agent, 'PATCH', 'loans/change_payment', {
      payment: { id: next.id, action: 'reschedule', date: '2026-11-23' },
    });
    if (response.statusCode !== 200) await fail('change_payment reschedule', response);
    return next.id;
  },
  // A card payment due in the file's days switched to ACH.
  'PATCH toggle_payment_method': async (t, { agent }, { schedule }) => {
    const next = schedule[2]!;
    await t.database.db.update(payments).set({ method: 'debit', due: '2026-11-24' }).where(eq(payments.id, next.id));
    const response = await callAsStaff(t.app, agent, 'PATCH', 'toggle_payment_method', { pmt_id: next.id });
    if (response.statusCode !== 200) await fail('toggle_payment_method', response);
    return next.id;
  },
  // A cancelled payment in the file's days made valid again by a payments admin.
  'PATCH loans/change_payment toggle_valid': async (t, { admin }, { schedule }) => {
    const next = schedule[2]!;
    await t.database.db
      .update(payments)
      .set({ invalidAt: new Date('2026-11-20T17:00:00Z'), due: '2026-11-24' })
      .where(eq(payments.id, next.id));
    const response = await callAsStaff(t.app, admin, 'PATCH', 'loans/change_payment', {
      payment: { id: next.id, action: 'toggle_valid' },
    });
    if (response.statusCode !== 200) await fail('change_payment toggle_valid', response);
    return next.id;
  },
  // Part of the next installment moved to a payment of its own in the file's days.
  'PATCH loans/split_payment': async (t, { agent }, debit) => {
    const response = await callAsStaff(t.app, agent, 'PATCH', 'loans/split_payment', {
      loan_id: debit.loanId,
      payment_id: debit.schedule[2]!.id,
      size: 20,
      date: '2026-11-24',
    });
    if (response.statusCode !== 200) await fail('split_payment', response);
    return newPaymentOn(t, debit, '2026-11-24');
  },
  // A new schedule that starts in the file's days.
  'PATCH loans/custom_payments': async (t, { agent }, debit) => {
    const response = await callAsStaff(t.app, agent, 'PATCH', 'loans/custom_payments', {
      loan: debit.loanId,
      date: '2026-11-24',
      amount: 60,
      frequency: 'monthly',
    });
    if (response.statusCode !== 200) await fail('custom_payments', response);
    return newPaymentOn(t, debit, '2026-11-24');
  },
  // The payoff scheduled in the file's days.
  'POST early_repay': async (t, { agent }, debit) => {
    const response = await callAsStaff(t.app, agent, 'POST', 'early_repay', {
      loan_id: debit.loanId,
      date: '2026-11-24',
    });
    if (response.statusCode !== 200) await fail('early_repay', response);
    return newPaymentOn(t, debit, '2026-11-24');
  },
  // The installment of November 1 came back R01: NACHA's re-presentment, due the next business day.
  'POST payments/record_return (re-presentment)': async (t, { admin }, debit) => {
    const returned = debit.schedule[1]!;
    await t.database.db
      .update(payments)
      .set({
        paidAt: null,
        processingAt: new Date('2026-11-01T06:00:00Z'),
        presentedAt: new Date('2026-11-01T06:00:00Z'),
      })
      .where(eq(payments.id, returned.id));
    const response = await callAsStaff(t.app, admin, 'POST', 'payments/record_return', {
      payment_id: returned.id,
      return_code: 'R01',
      returned_on: '2026-11-03',
    });
    if (response.statusCode !== 200) await fail('record_return', response);
    const [again] = await t.database.db.select().from(payments).where(eq(payments.representsPaymentId, returned.id));
    if (!again) throw new Error('record_return scheduled no re-presentment.');
    return again.id;
  },
};

// A past withdrawal of the loan that came back: a payment of its own, due and returned in October.
async function pastReturn(t: TestApp, loanId: number, due: string, code: string, returnedOn: string) {
  const [payment] = await t.database.db
    .insert(payments)
    .values({ loanId, expectedAmountCents: 5000, due, originalDue: due, method: 'ach' })
    .returning();
  await t.database.db
    .insert(bounces)
    .values({ paymentId: payment!.id, loanId, returnCode: code, bouncedOn: returnedOn, amountCents: 5000 });
}

// Each duty, made true of the customer after the debit was created (the screens saw none of it).
export const debitDutySetups: Record<DebitDuty, (t: TestApp, debit: DebitCase, paymentId: number) => Promise<void>> = {
  debit_stop: async (t, { customerId }) => {
    await t.database.db.insert(debitStops).values({
      customerId,
      stoppedAt: new Date('2026-11-20T17:00:00Z'),
      bounceIds: [],
      reason: 'Automatic debits stopped on Nov 20, 2026 after two consecutive returned withdrawals.',
    });
  },
  // Two returns in a row that no stop was recorded for.
  failed_debit_stop: async (t, { loanId }) => {
    await pastReturn(t, loanId, '2026-10-05', 'R01', '2026-10-07');
    await pastReturn(t, loanId, '2026-10-12', 'R09', '2026-10-14');
  },
  unauthorized_return: async (t, { loanId }) => {
    await pastReturn(t, loanId, '2026-10-05', 'R10', '2026-10-09');
  },
  bankruptcy_stay: async (t, { customerId }) => {
    await t.database.db.insert(customerBankruptcies).values({
      customerId,
      caseNumber: `26-${String(30000 + customerId)}`,
      chapter: 7,
      filedOn: '2026-11-20',
      consumerInformationIndicator: 'A',
    });
  },
  auto_debit_off: async (t, { loanId }) => {
    await t.database.db.update(loans).set({ autoDebit: false }).where(eq(loans.id, loanId));
  },
  do_not_present: async (t, { customerId }) => {
    await t.database.db.update(customers).set({ dnp: true }).where(eq(customers.id, customerId));
  },
  no_bank_account: async (t, { customerId }) => {
    await t.database.db.delete(bankAccounts).where(eq(bankAccounts.customerId, customerId));
  },
  // The debit itself came back R02 (account closed) before: never presented again.
  re_presentment_limit: async (t, { loanId }, paymentId) => {
    await t.database.db
      .insert(bounces)
      .values({ paymentId, loanId, returnCode: 'R02', bouncedOn: '2026-11-10', amountCents: 5000 });
  },
};

export async function aDebitCase(t: TestApp): Promise<DebitCase> {
  const customer = await createCustomer(t.database.db, {});
  const { loan, payments: schedule } = await createLoan(t.database.db, {
    customerId: customer.id,
    paidInstallments: 2,
  });
  return { customerId: customer.id, loanId: loan.id, schedule };
}
