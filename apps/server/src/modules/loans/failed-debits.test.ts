import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { DEBIT_AUTHORIZATION_NOTE_TOO_SHORT, formatDollars, permissionRefusal } from '@portal/contracts';
import { bounces, customerBankruptcies, debitAuthorizations, debitStops, loans, messages, payments } from '@portal/db';
import { createCustomer, createLoan } from '@portal/db/testing';
import { auditEventsOf } from '../../testing/audit-events.ts';
import { countRows, countWrites } from '../../testing/row-counts.ts';
import { signInAsStaff, type StaffSession } from '../../testing/staff-session.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { returnCodeTitle, UNAUTHORIZED_RETURN_CODES } from './return-codes.ts';

// The failed-debit stop (12 CFR 1041.8), the stop of an unauthorized return (NACHA; Reg E 12 CFR
// 1005.10(c)) and NACHA re-presentment through the API (decision 048).
// The test clock stands at Saturday 2026-11-21, 9:00 in Los Angeles: the next business day is
// Monday 2026-11-23. Loans are funded 2026-09-01 with monthly payments; the first one is paid.

const t = useTestApp();
const agent = useStaffSession(t);
const payments_admin = useStaffSession(t, ['agent', 'payments_admin']);
// Records the new authorization that lifts a stop (customers.lift_duties).
const compliance = useStaffSession(t, ['agent', 'compliance']);
const db = () => t.database.db;

async function aCustomerWithLoans(count: number, extra: { autoDebit?: boolean; fundedOn?: string } = {}) {
  const customer = await createCustomer(db(), {});
  const created = [];
  for (let index = 0; index < count; index += 1)
    created.push(await createLoan(db(), { customerId: customer.id, paidInstallments: 1, ...extra }));
  return { customer, loans: created.map(({ loan, payments: schedule }) => ({ loan, schedule })) };
}

// The payment was sent: it is processing, as the ACH file left the evening before its due date, and
// the moment it was sent is recorded.
const present = (paymentId: number, at = '2026-11-01T06:00:00Z') =>
  db()
    .update(payments)
    .set({ processingAt: new Date(at), presentedAt: new Date(at) })
    .where(eq(payments.id, paymentId));

const recordReturn = (payload: object, who: StaffSession = payments_admin) =>
  t.app.inject({ method: 'POST', url: '/internal/api/payments/record_return', headers: who.headers, payload });
const authorize = (payload: object, who: StaffSession = compliance) =>
  t.app.inject({ method: 'POST', url: '/internal/api/loans/debit_authorization', headers: who.headers, payload });
// The loan card's ACH switch, or (toggle_ach) the same switch on the ticket screen.
const toggleAch = (loanId: number, path: 'loans/toggle_ach' | 'toggle_ach' = 'loans/toggle_ach') =>
  t.app.inject({ method: 'PATCH', url: `/internal/api/${path}`, headers: agent.headers, payload: { loan_id: loanId } });

const paymentRow = async (id: number) => (await db().select().from(payments).where(eq(payments.id, id)))[0]!;
const loanRows = (ids: number[]) => db().select().from(loans).where(inArray(loans.id, ids)).orderBy(loans.id);
const representmentsOf = (id: number) => db().select().from(payments).where(eq(payments.representsPaymentId, id));
const stopsOf = (customerId: number) => db().select().from(debitStops).where(eq(debitStops.customerId, customerId));

// Everything a refused call must leave alone.
async function countAll() {
  return {
    ...(await countWrites(db())),
    bounces: await countRows(db(), bounces),
    debitStops: await countRows(db(), debitStops),
    debitAuthorizations: await countRows(db(), debitAuthorizations),
  };
}

// Two returns in a row on a customer's two loans (R01 on loan A, then R09 on loan B); the third loan
// had automatic debits off already.
async function stoppedCustomer() {
  const {
    customer,
    loans: [a, b],
  } = await aCustomerWithLoans(2);
  const { loan: offAlready } = await createLoan(db(), {
    customerId: customer.id,
    paidInstallments: 1,
    autoDebit: false,
  });
  const first = a!.schedule[1]!;
  const second = b!.schedule[1]!;
  await present(first.id);
  await present(second.id);
  const r01 = await recordReturn({ payment_id: first.id, return_code: 'r01', returned_on: '2026-11-03' });
  const r09 = await recordReturn({ payment_id: second.id, return_code: 'R09', returned_on: '2026-11-04' });
  return { customer, a: a!.loan, b: b!.loan, offAlready, first, second, r01, r09 };
}

describe('POST payments/record_return', () => {
  it('presents a first R01 return again on the next business day, as a new payment in its place', async () => {
    const {
      loans: [only],
    } = await aCustomerWithLoans(1);
    const returned = only!.schedule[1]!;
    await present(returned.id);
    const response = await recordReturn({ payment_id: returned.id, return_code: 'R01', returned_on: '2026-11-03' });
    expect(response.statusCode).toBe(200);
    const [again] = await representmentsOf(returned.id);
    expect(again).toMatchObject({
      loanId: only!.loan.id,
      due: '2026-11-23',
      expectedAmountCents: returned.expectedAmountCents,
      method: 'ach',
      paidAt: null,
      processingAt: null,
    });
    expect(response.json().message).toBe(
      `Return R01 (Insufficient Funds) of Nov 3, 2026 recorded on payment ${returned.id}. A $15.00 returned-payment fee is added. One failed withdrawal in a row (R01 on Nov 3, 2026); a second one would stop automatic debits. Payment ${returned.id} is presented again on Nov 23, 2026 (re-presentment 1 of 2, R01). It goes out as payment ${again!.id}.`,
    );
    // The returned payment is unpaid and kept, invalid, in the re-presentment's place; its bounce shows.
    expect(await paymentRow(returned.id)).toMatchObject({ processingAt: null, paidAt: null, refundable: false });
    expect((await paymentRow(returned.id)).invalidAt).not.toBeNull();
    const card = response.json().loan;
    expect(card.payments.find((payment: { id: number }) => payment.id === again!.id)).toMatchObject({
      represents_payment_id: returned.id,
      state: 'due',
    });
    expect(card.payments.find((payment: { id: number }) => payment.id === returned.id).bounces).toEqual([
      expect.objectContaining({ code: 'R01', title: 'Insufficient Funds', date: '2026-11-03' }),
    ]);
    expect(card.debit_stop).toBeNull();
    const [audit] = await auditEventsOf(db(), 'payment.returned', returned.id);
    expect(audit).toMatchObject({
      employeeId: payments_admin.employeeId,
      after: expect.objectContaining({ return_code: 'R01', state: 'invalid', re_presentment_payment_id: again!.id }),
    });
  });

  it("stops automatic debits on all of the customer's loans after two failures in a row, and queues the notice", async () => {
    const { customer, a, b, offAlready, first, second, r01, r09 } = await stoppedCustomer();
    expect(r01.statusCode).toBe(200);
    expect(r09.statusCode).toBe(200);
    const [stop] = await stopsOf(customer.id);
    const reason =
      'Automatic debits stopped on Nov 21, 2026 after two consecutive returned withdrawals (R01 on Nov 3, 2026, R09 on Nov 4, 2026).';
    expect(stop).toMatchObject({ reason, liftedAt: null, stoppedAt: t.clock.now() });
    const bounceRows = await db()
      .select()
      .from(bounces)
      .where(inArray(bounces.paymentId, [first.id, second.id]));
    expect([...stop!.bounceIds].sort()).toEqual(bounceRows.map((bounce) => bounce.id).sort());
    expect(r09.json().message).toBe(
      `Return R09 (Uncollected Funds) of Nov 4, 2026 recorded on payment ${second.id}. A $15.00 returned-payment fee is added. Two withdrawals in a row failed (R01 on Nov 3, 2026, R09 on Nov 4, 2026): automatic debits stop on all of the customer's loans until a new authorization (12 CFR 1041.8(b)). Automatic debits are stopped on loans ${a.id}, ${b.id} and the consumer-rights notice is queued to ${customer.email}. The scheduled re-presentment (payment ${(await representmentsOf(first.id))[0]!.id}) is withdrawn.`,
    );
    expect((await loanRows([a.id, b.id, offAlready.id])).map((loan) => loan.autoDebit)).toEqual([false, false, false]);
    expect(r09.json().loan.debit_stop).toEqual({
      id: stop!.id,
      customer_id: customer.id,
      stopped_at: t.clock.now().toISOString(),
      reason,
      notice_required: true,
      notice_message_id: stop!.noticeMessageId,
    });

    // The re-presentment scheduled after the first return is withdrawn; the returned payment is due again.
    const [withdrawn] = await representmentsOf(first.id);
    expect(withdrawn!.invalidAt).not.toBeNull();
    expect((await paymentRow(first.id)).invalidAt).toBeNull();
    expect((await paymentRow(second.id)).invalidAt).toBeNull();

    const [notice] = await db().select().from(messages).where(eq(messages.id, stop!.noticeMessageId!));
    expect(notice).toMatchObject({
      type: 'email',
      toAddress: customer.email,
      customerId: customer.id,
      status: 'queued',
      subject: 'Alert: we can no longer withdraw your loan payments automatically',
    });
    const amount = (cents: number) => formatDollars(cents);
    expect(notice!.body).toContain(
      `- Nov 1, 2026: ${amount(first.expectedAmountCents)} from your bank account (ACH) for loan ${a.id}, returned by your bank: R01 (Insufficient Funds)\n- Nov 1, 2026: ${amount(second.expectedAmountCents)} from your bank account (ACH) for loan ${b.id}, returned by your bank: R09 (Uncollected Funds)`,
    );
    expect(notice!.body).toContain(
      `federal law (12 CFR 1041.8) does not allow us to try to withdraw payments from your account again unless you give us new permission. We have stopped the automatic withdrawals for loans ${a.id} and ${b.id}.`,
    );
    expect(notice!.body).toContain('visit consumerfinance.gov');

    const [stopped] = await auditEventsOf(db(), 'customer.debits_stopped', stop!.id);
    expect(stopped).toMatchObject({
      employeeId: payments_admin.employeeId,
      entityType: 'debit_stop',
      after: expect.objectContaining({ stopped_loan_ids: [a.id, b.id], notice_message_id: notice!.id }),
    });
    for (const loan of [a, b])
      expect(await auditEventsOf(db(), 'loan.auto_debit_stopped', loan.id)).toEqual([
        expect.objectContaining({ after: expect.objectContaining({ auto_debit: false, reason: 'failed_debits' }) }),
      ]);
  });

  it('stops on two failures sent the same day, though a payment paid was sent between them (1041.8(b)(2)(ii))', async () => {
    const { customer, loans: three } = await aCustomerWithLoans(3);
    const [a, b, c] = three.map(({ schedule }) => schedule[1]!);
    // Sent in this order on one day: A, then B, then C.
    await present(a!.id, '2026-11-02T06:00:00Z');
    await present(b!.id, '2026-11-02T06:05:00Z');
    await present(c!.id, '2026-11-02T06:10:00Z');
    expect((await recordReturn({ payment_id: a!.id, return_code: 'R01', returned_on: '2026-11-04' })).statusCode).toBe(
      200,
    );
    // The moment A was sent outlives its return.
    expect((await paymentRow(a!.id)).presentedAt).toEqual(new Date('2026-11-02T06:00:00Z'));
    await db()
      .update(payments)
      .set({ paidAt: new Date('2026-11-05T12:00:00Z'), processingAt: null })
      .where(eq(payments.id, b!.id));
    expect(await stopsOf(customer.id)).toEqual([]);

    const second = await recordReturn({ payment_id: c!.id, return_code: 'R01', returned_on: '2026-11-05' });
    expect(second.statusCode).toBe(200);
    expect(second.json().message).toContain(
      'Two withdrawals sent the same day failed (R01 on Nov 4, 2026, R01 on Nov 5, 2026), which makes them consecutive',
    );
    const [stop] = await stopsOf(customer.id);
    expect(stop).toMatchObject({ liftedAt: null });
    expect((await loanRows(three.map(({ loan }) => loan.id))).map((loan) => loan.autoDebit)).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('keeps debits stopped: the ACH toggle refuses to turn them on, and a further return only records', async () => {
    const { a, b, customer } = await stoppedCustomer();
    const [stop] = await stopsOf(customer.id);
    const refused = await toggleAch(a.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([
      `${stop!.reason} Only a new authorization, recorded by compliance, turns them back on. Automatic payments stay off for loan ${a.id} until then.`,
    ]);
    expect(refused.json().loan.ach).toBe(false);
    const ticketView = await toggleAch(b.id, 'toggle_ach');
    expect(ticketView.statusCode).toBe(409);
    expect((await loanRows([a.id, b.id])).map((loan) => loan.autoDebit)).toEqual([false, false]);

    const third = (await db().select().from(payments).where(eq(payments.loanId, a.id)).orderBy(payments.due))[0]!;
    const response = await recordReturn({ payment_id: third.id, return_code: 'R01', returned_on: '2026-11-05' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(
      `Return R01 (Insufficient Funds) of Nov 5, 2026 recorded on payment ${third.id}. A $15.00 returned-payment fee is added. ${stop!.reason} Payment ${third.id} is due again; nothing is presented until a new authorization.`,
    );
    expect(await representmentsOf(third.id)).toEqual([]);
    expect(await stopsOf(customer.id)).toHaveLength(1);
  });

  it('presents an R01 return again at most twice, counting successes between the failures', async () => {
    const customer = await createCustomer(db(), {});
    const { payments: schedule } = await createLoan(db(), { customerId: customer.id, paidInstallments: 1 });
    // A second loan whose payments succeed between the failures (reset the count of 1041.8(b)).
    const other = await createLoan(db(), { customerId: customer.id, paidInstallments: 0, fundedOn: '2026-10-10' });
    const succeed = (id: number, day: string) =>
      db()
        .update(payments)
        .set({ due: day, originalDue: day, paidAt: new Date(`${day}T20:00:00Z`) })
        .where(eq(payments.id, id));
    const original = schedule[1]!;
    try {
      await present(original.id);
      expect(
        (await recordReturn({ payment_id: original.id, return_code: 'R01', returned_on: '2026-11-03' })).statusCode,
      ).toBe(200);
      const [first] = await representmentsOf(original.id);
      await succeed(other.payments[0]!.id, '2026-11-10');

      // Days later: sessions last two days, so the payments admin signs in again.
      const later = async (at: string) => {
        t.clock.set(new Date(at));
        return signInAsStaff(t.app, db(), ['agent', 'payments_admin']);
      };
      const tuesday = await later('2026-11-25T17:00:00Z');
      await present(first!.id, '2026-11-23T06:00:00Z');
      const second = await recordReturn(
        { payment_id: first!.id, return_code: 'R01', returned_on: '2026-11-24' },
        tuesday,
      );
      expect(second.statusCode).toBe(200);
      // Thanksgiving (Thursday 26) is no business day.
      const again = (await representmentsOf(original.id)).find((payment) => payment.id !== first!.id)!;
      expect(again).toMatchObject({ due: '2026-11-27', representsPaymentId: original.id });
      expect(second.json().message).toContain(`(re-presentment 2 of 2, R01). It goes out as payment ${again.id}.`);
      await succeed(other.payments[1]!.id, '2026-11-24');

      const monday = await later('2026-12-01T17:00:00Z');
      await present(again.id, '2026-11-27T06:00:00Z');
      const third = await recordReturn({ payment_id: again.id, return_code: 'R01', returned_on: '2026-11-30' }, monday);
      expect(third.statusCode).toBe(200);
      expect(third.json().message).toBe(
        `Return R01 (Insufficient Funds) of Nov 30, 2026 recorded on payment ${again.id}. A $15.00 returned-payment fee is added. One failed withdrawal in a row (R01 on Nov 30, 2026); a second one would stop automatic debits. Payment ${original.id} was already presented again twice (payments ${first!.id} and ${again.id}); NACHA allows no more. Payment ${again.id} is due again.`,
      );
      expect(await representmentsOf(original.id)).toHaveLength(2);
      expect((await paymentRow(again.id)).invalidAt).toBeNull();
      expect(await stopsOf(customer.id)).toEqual([]);
    } finally {
      t.clock.set(new Date('2026-11-21T17:00:00Z'));
    }
  });

  it('does not present other returns again: the payment is due again', async () => {
    const {
      loans: [only],
    } = await aCustomerWithLoans(1);
    const returned = only!.schedule[1]!;
    await present(returned.id);
    const response = await recordReturn({ payment_id: returned.id, return_code: 'R02', returned_on: '2026-11-03' });
    expect(response.json().message).toBe(
      `Return R02 (Account Closed) of Nov 3, 2026 recorded on payment ${returned.id}. One failed withdrawal in a row (R02 on Nov 3, 2026); a second one would stop automatic debits. Payment ${returned.id} is not presented again: NACHA allows presenting again only R01 and R09 returns (insufficient or uncollected funds), and this one is R02. Payment ${returned.id} is due again.`,
    );
    expect(await paymentRow(returned.id)).toMatchObject({ invalidAt: null, processingAt: null });
    expect(await representmentsOf(returned.id)).toEqual([]);
  });

  it('refuses what cannot have come back, with a sentence, and writes nothing', async () => {
    const {
      loans: [only],
    } = await aCustomerWithLoans(1);
    const [paid, presented, due, onCard, cancelled] = only!.schedule;
    await present(presented!.id);
    await present(onCard!.id);
    await db().update(payments).set({ method: 'debit' }).where(eq(payments.id, onCard!.id));
    await db().update(payments).set({ invalidAt: new Date() }).where(eq(payments.id, cancelled!.id));
    const before = await countAll();
    const refusal = async (payload: object) => {
      const response = await recordReturn({ return_code: 'R01', returned_on: '2026-11-03', ...payload });
      return [response.statusCode, response.json().errors];
    };
    expect(await refusal({ payment_id: presented!.id, return_code: 'R99' })).toEqual([
      422,
      ['R99 is not a NACHA return code; an ACH return carries one such as R01 (Insufficient Funds).'],
    ]);
    expect(await refusal({ payment_id: presented!.id, returned_on: '2026-11-22' })).toEqual([
      422,
      ['The return date 2026-11-22 is after today (2026-11-21); enter the day the bank returned it.'],
    ]);
    expect(await refusal({ payment_id: presented!.id, returned_on: '2026-10-30' })).toEqual([
      422,
      [`Payment ${presented!.id} was presented on 2026-10-31; it cannot have come back on 2026-10-30.`],
    ]);
    expect(await refusal({ payment_id: due!.id })).toEqual([
      409,
      [`Payment ${due!.id} was never presented (it is due on ${'Dec 1, 2026'}), so it cannot come back.`],
    ]);
    expect(await refusal({ payment_id: onCard!.id })).toEqual([
      409,
      [`Payment ${onCard!.id} was charged to the debit card; only an ACH debit comes back with a NACHA return code.`],
    ]);
    expect(await refusal({ payment_id: cancelled!.id })).toEqual([
      409,
      [`Payment ${cancelled!.id} is invalid (cancelled), so it was not collected and cannot come back.`],
    ]);
    expect((await refusal({ payment_id: 99_999_999 }))[0]).toBe(404);
    expect((await refusal({ payment_id: paid!.id, returned_on: 'soon' }))[0]).toBe(400);
    expect((await recordReturn({ payment_id: paid!.id })).statusCode).toBe(400);
    expect(await countAll()).toEqual(before);

    // Once returned, the same payment cannot come back again until it is presented again.
    await recordReturn({ payment_id: paid!.id, return_code: 'R02', returned_on: '2026-10-05' });
    const again = await refusal({ payment_id: paid!.id, return_code: 'R02', returned_on: '2026-10-06' });
    expect(again).toEqual([
      409,
      [`Payment ${paid!.id} was already returned and has not been presented since, so it cannot come back again.`],
    ]);
  });

  it('is for payments admins only (403 for an agent)', async () => {
    const {
      loans: [only],
    } = await aCustomerWithLoans(1);
    await present(only!.schedule[1]!.id);
    const before = await countAll();
    const response = await recordReturn(
      { payment_id: only!.schedule[1]!.id, return_code: 'R01', returned_on: '2026-11-03' },
      agent,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().errors).toEqual(['Only a payments admin (the payments_admin role) can record ACH returns.']);
    expect(await countAll()).toEqual(before);
  });
});

// The customer's bank says a debit was not authorized, or its authorization was revoked (issue 37).
// Loan A's November payment came back R01 and is scheduled again (Monday 23); loan B's November
// payment was paid on the 10th (so the two returns are not in a row: 1041.8 does not apply); then
// loan B's December payment, sent early, comes back with the code. Loan C had debits off already.
async function unauthorizedReturnOf(code: string) {
  const {
    customer,
    loans: [a, b],
  } = await aCustomerWithLoans(2);
  const { loan: c } = await createLoan(db(), { customerId: customer.id, paidInstallments: 1, autoDebit: false });
  const first = a!.schedule[1]!;
  await present(first.id);
  await recordReturn({ payment_id: first.id, return_code: 'R01', returned_on: '2026-11-03' });
  const [scheduled] = await representmentsOf(first.id);
  const paidMeanwhile = b!.schedule[1]!.id;
  await db()
    .update(payments)
    .set({ due: '2026-11-10', originalDue: '2026-11-10', paidAt: new Date('2026-11-10T20:00:00Z') })
    .where(eq(payments.id, paidMeanwhile));
  const returned = b!.schedule[2]!;
  await present(returned.id, '2026-11-18T06:00:00Z');
  const response = await recordReturn({ payment_id: returned.id, return_code: code, returned_on: '2026-11-19' });
  return { customer, a: a!.loan, b: b!.loan, c, first, scheduled: scheduled!, returned, response };
}

describe('an unauthorized return (R05, R07, R10, R11, R29, R51)', () => {
  it('reads the unauthorized set from the reference data', () => {
    expect(UNAUTHORIZED_RETURN_CODES).toEqual(['R05', 'R07', 'R10', 'R11', 'R29', 'R51']);
  });

  it.each(UNAUTHORIZED_RETURN_CODES)(
    '%s turns automatic debits off at once on every loan of the customer, withdraws the scheduled re-presentment, and is never presented again',
    async (code) => {
      const { customer, a, b, c, first, scheduled, returned, response } = await unauthorizedReturnOf(code);
      const title = returnCodeTitle(code);
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe(
        `Return ${code} (${title}) of Nov 19, 2026 recorded on payment ${returned.id}. ${code} (${title}) is an unauthorized return (NACHA Operating Rules; Reg E, 12 CFR 1005.10(c)): automatic debits stop at once on all of the customer's loans, and payment ${returned.id} is never presented again. Automatic debits are stopped on loans ${a.id}, ${b.id}. The scheduled re-presentment (payment ${scheduled.id}) is withdrawn. Payment ${returned.id} is due again, for the customer to pay another way.`,
      );
      expect((await loanRows([a.id, b.id, c.id])).map((loan) => loan.autoDebit)).toEqual([false, false, false]);

      // One stop, naming this return, and no consumer-rights notice (1041.9(c) asks it after two failures).
      const bounce = (await db().select().from(bounces).where(eq(bounces.paymentId, returned.id)))[0]!;
      const reason = `Automatic debits are off: the customer's bank returned payment ${returned.id} as ${code} (${title}) on Nov 19, 2026.`;
      const stops = await stopsOf(customer.id);
      expect(stops).toEqual([
        expect.objectContaining({ reason, bounceIds: [bounce.id], noticeMessageId: null, liftedAt: null }),
      ]);
      expect(await db().select().from(messages).where(eq(messages.customerId, customer.id))).toEqual([]);

      // The later ACH presentment is unscheduled (the R01 payment it replaced is due again); this
      // payment is due, not presented again.
      expect((await paymentRow(scheduled.id)).invalidAt).not.toBeNull();
      expect((await paymentRow(first.id)).invalidAt).toBeNull();
      expect(await representmentsOf(returned.id)).toEqual([]);
      expect(await paymentRow(returned.id)).toMatchObject({ invalidAt: null, processingAt: null, paidAt: null });

      // The card explains it on every loan, and counts the return as high risk.
      const card = response.json().loan;
      expect(card.ach).toBe(false);
      expect(card.debit_stop).toEqual({
        id: stops[0]!.id,
        customer_id: customer.id,
        stopped_at: t.clock.now().toISOString(),
        reason,
        notice_required: false,
        notice_message_id: null,
      });
      expect(card.high_risk_return).toEqual({ code, title, date: '2026-11-19' });
      expect(card.payments.find((payment: { id: number }) => payment.id === returned.id).bounces).toEqual([
        expect.objectContaining({ code, title, high_risk: true }),
      ]);
      expect((await toggleAch(c.id)).statusCode).toBe(409);

      for (const loan of [a, b])
        expect(await auditEventsOf(db(), 'loan.auto_debit_stopped', loan.id)).toEqual([
          expect.objectContaining({
            after: expect.objectContaining({
              auto_debit: false,
              reason: 'unauthorized_return',
              bounce_ids: [bounce.id],
            }),
          }),
        ]);
      expect(await auditEventsOf(db(), 'customer.debits_stopped', stops[0]!.id)).toEqual([
        expect.objectContaining({
          employeeId: payments_admin.employeeId,
          after: expect.objectContaining({
            cause: 'unauthorized_return',
            stopped_loan_ids: [a.id, b.id],
            withdrawn_payment_ids: [scheduled.id],
            notice_message_id: null,
          }),
        }),
      ]);
    },
  );

  it('as the second failure in a row, stops with the consumer-rights notice, the card naming the unauthorized return', async () => {
    const {
      customer,
      loans: [a, b],
    } = await aCustomerWithLoans(2);
    const first = a!.schedule[1]!;
    const second = b!.schedule[1]!;
    await present(first.id);
    await present(second.id);
    await recordReturn({ payment_id: first.id, return_code: 'R01', returned_on: '2026-11-03' });
    const response = await recordReturn({ payment_id: second.id, return_code: 'R07', returned_on: '2026-11-04' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toContain(
      `Two withdrawals in a row failed (R01 on Nov 3, 2026, R07 on Nov 4, 2026): automatic debits stop on all of the customer's loans until a new authorization (12 CFR 1041.8(b)). R07 (Authorization Revoked by Customer) is an unauthorized return`,
    );
    expect(response.json().message).toContain(`and the consumer-rights notice is queued to ${customer.email}.`);
    const [stop] = await stopsOf(customer.id);
    expect(stop!.reason).toBe(
      `Automatic debits are off: the customer's bank returned payment ${second.id} as R07 (Authorization Revoked by Customer) on Nov 4, 2026.`,
    );
    expect(stop!.bounceIds).toHaveLength(2);
    expect(stop!.noticeMessageId).not.toBeNull();
    expect(response.json().loan.debit_stop).toMatchObject({
      notice_required: true,
      notice_message_id: stop!.noticeMessageId,
    });
    expect((await loanRows([a!.loan.id, b!.loan.id])).map((loan) => loan.autoDebit)).toEqual([false, false]);
  });

  it('keeps a payment whose chain came back unauthorized from being presented again, even after a new authorization', async () => {
    const {
      customer,
      loans: [only],
    } = await aCustomerWithLoans(1);
    const payment = only!.schedule[1]!;
    await present(payment.id);
    expect(
      (await recordReturn({ payment_id: payment.id, return_code: 'R07', returned_on: '2026-11-03' })).statusCode,
    ).toBe(200);
    t.clock.set(new Date('2026-11-21T18:00:00Z'));
    try {
      const lifted = await authorize({
        user_id: customer.id,
        method: 'written',
        given_at: '2026-11-21T17:45:00Z',
        note: 'Signed form scanned to the customer file',
      });
      expect(lifted.json().restored_loan_ids).toEqual([only!.loan.id]);
      // Staff move the payment to today and it is sent under the new authorization; it comes back R01.
      await db()
        .update(payments)
        .set({ due: '2026-11-21', processingAt: new Date('2026-11-21T17:50:00Z') })
        .where(eq(payments.id, payment.id));
      const before = { payments: await countRows(db(), payments), debitStops: await countRows(db(), debitStops) };
      const response = await recordReturn({ payment_id: payment.id, return_code: 'R01', returned_on: '2026-11-21' });
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe(
        `Return R01 (Insufficient Funds) of Nov 21, 2026 recorded on payment ${payment.id}. A $15.00 returned-payment fee is added. One failed withdrawal in a row (R01 on Nov 21, 2026); a second one would stop automatic debits. Payment ${payment.id} is never presented again: it came back R07 (Authorization Revoked by Customer) on Nov 3, 2026, and NACHA forbids presenting an unauthorized return again. Payment ${payment.id} is due again.`,
      );
      // No re-presentment is written, and the payment stays in place, due.
      expect({ payments: await countRows(db(), payments), debitStops: await countRows(db(), debitStops) }).toEqual(
        before,
      );
      expect(await representmentsOf(payment.id)).toEqual([]);
      expect(await paymentRow(payment.id)).toMatchObject({ invalidAt: null, processingAt: null });
      expect(await auditEventsOf(db(), 'payment.re_presented', payment.id)).toEqual([]);
    } finally {
      t.clock.set(new Date('2026-11-21T17:00:00Z'));
    }
  });
});

describe('who may lift a stop (issue 37)', () => {
  // The reproduction: a plain agent recorded an authorization, "electronic" with a one-word note.
  it("refuses a plain agent 403 with the permission's sentence, and nothing changes: debits stay off", async () => {
    const { customer, a, b } = await unauthorizedReturnOf('R07');
    t.clock.set(new Date('2026-11-21T18:00:00Z'));
    try {
      const before = await countAll();
      for (const who of [agent, payments_admin]) {
        const response = await authorize(
          { user_id: customer.id, method: 'electronic', given_at: '2026-11-21T17:45:00Z', note: 'verified' },
          who,
        );
        expect(response.statusCode).toBe(403);
        expect(response.json().errors).toEqual([permissionRefusal('customers.lift_duties')]);
      }
      expect(permissionRefusal('customers.lift_duties')).toBe(
        'Only compliance staff (the compliance role) can lift a duty: clear a cease, attorney or Do Not Contact flag, or record a new debit authorization.',
      );
      expect(await countAll()).toEqual(before);
      expect((await stopsOf(customer.id))[0]!.liftedAt).toBeNull();
      expect((await loanRows([a.id, b.id])).map((loan) => loan.autoDebit)).toEqual([false, false]);
    } finally {
      t.clock.set(new Date('2026-11-21T17:00:00Z'));
    }
  });

  it('refuses compliance a one-word note 400 with a sentence, and turns debits back on with a real one', async () => {
    const { customer, a, b, c } = await unauthorizedReturnOf('R07');
    t.clock.set(new Date('2026-11-21T18:00:00Z'));
    try {
      const before = await countAll();
      const payload = { user_id: customer.id, method: 'electronic', given_at: '2026-11-21T17:45:00Z' };
      const oneWord = await authorize({ ...payload, note: 'verified' });
      expect(oneWord.statusCode).toBe(400);
      expect(oneWord.json().errors).toEqual([DEBIT_AUTHORIZATION_NOTE_TOO_SHORT]);
      expect(await countAll()).toEqual(before);
      expect((await loanRows([a.id, b.id])).map((loan) => loan.autoDebit)).toEqual([false, false]);

      const good = await authorize({
        ...payload,
        note: 'Signed online at 09:45, e-sign envelope 7781 in the customer file',
      });
      expect(good.statusCode).toBe(200);
      expect(good.json()).toMatchObject({ restored_loan_ids: [a.id, b.id] });
      expect((await loanRows([a.id, b.id, c.id])).map((loan) => loan.autoDebit)).toEqual([true, true, false]);
      expect((await stopsOf(customer.id))[0]!.liftedAt).toEqual(new Date('2026-11-21T18:00:00Z'));
    } finally {
      t.clock.set(new Date('2026-11-21T17:00:00Z'));
    }
  });
});

describe('POST loans/debit_authorization', () => {
  it('refuses an authorization that breaks its rules, or with no stop to lift, writing nothing', async () => {
    const { customer } = await stoppedCustomer();
    const { customer: unstopped } = await aCustomerWithLoans(1);
    t.clock.set(new Date('2026-11-21T18:00:00Z'));
    try {
      const before = await countAll();
      const refusal = async (payload: object) => {
        const response = await authorize({
          user_id: customer.id,
          method: 'written',
          given_at: '2026-11-21T17:30:00Z',
          note: 'Signed form scanned to the customer file',
          ...payload,
        });
        return [response.statusCode, response.json().errors];
      };
      expect(await refusal({ given_at: '2026-11-21T16:59:00Z' })).toEqual([
        422,
        ['The authorization must be given after automatic debits stopped.'],
      ]);
      expect(await refusal({ given_at: '2026-11-21T18:30:00Z' })).toEqual([
        422,
        ['The authorization cannot be given in the future.'],
      ]);
      // The note is the lifting's reason and evidence: one word is not one (400, before any rule).
      for (const note of [' ', 'ok', 'verified', '  Signed  '])
        expect(await refusal({ method: 'recorded_call', note })).toEqual([400, [DEBIT_AUTHORIZATION_NOTE_TOO_SHORT]]);
      expect(await refusal({ note: undefined })).toEqual([400, [DEBIT_AUTHORIZATION_NOTE_TOO_SHORT]]);
      expect(await refusal({ user_id: unstopped.id })).toEqual([
        409,
        [
          `Customer ${unstopped.id} has no failed-debit stop in force, so there is no stop for a new authorization to lift.`,
        ],
      ]);
      expect((await refusal({ user_id: 99_999_999 }))[0]).toBe(404);
      expect((await refusal({ method: 'fax' }))[0]).toBe(400);
      expect((await refusal({ given_at: 'yesterday' }))[0]).toBe(400);
      expect(await countAll()).toEqual(before);
    } finally {
      t.clock.set(new Date('2026-11-21T17:00:00Z'));
    }
  });

  it('lifts the stop and turns automatic debits back on for the loans it turned off, and no others', async () => {
    const { customer, a, b, offAlready } = await stoppedCustomer();
    const [stop] = await stopsOf(customer.id);
    t.clock.set(new Date('2026-11-21T18:00:00Z'));
    try {
      const response = await authorize({
        user_id: customer.id,
        method: 'recorded_call',
        given_at: '2026-11-21T17:45:00Z',
        note: 'Call recording 2026-11-21-0412',
      });
      expect(response.statusCode).toBe(200);
      const [authorization] = await db()
        .select()
        .from(debitAuthorizations)
        .where(eq(debitAuthorizations.customerId, customer.id));
      expect(response.json()).toEqual({
        message: `The new authorization (on a recorded phone call) is recorded and the failed-debit stop is lifted; automatic debits are back on for loans ${a.id}, ${b.id}.`,
        authorization_id: authorization!.id,
        restored_loan_ids: [a.id, b.id],
      });
      expect(authorization).toMatchObject({
        method: 'recorded_call',
        givenAt: new Date('2026-11-21T17:45:00Z'),
        note: 'Call recording 2026-11-21-0412',
        recordedBy: compliance.employeeId,
      });
      expect((await stopsOf(customer.id))[0]).toMatchObject({
        id: stop!.id,
        liftedAt: new Date('2026-11-21T18:00:00Z'),
        liftedByAuthorizationId: authorization!.id,
      });
      expect((await loanRows([a.id, b.id, offAlready.id])).map((loan) => loan.autoDebit)).toEqual([true, true, false]);
      expect(await auditEventsOf(db(), 'customer.debit_authorization_recorded', authorization!.id)).toEqual([
        expect.objectContaining({
          employeeId: compliance.employeeId,
          after: expect.objectContaining({ lifted_debit_stop_id: stop!.id, restored_loan_ids: [a.id, b.id] }),
        }),
      ]);
      // The stop itself, before and after, with who lifted it and the note that says why.
      expect(await auditEventsOf(db(), 'customer.debit_stop_lifted', stop!.id)).toEqual([
        expect.objectContaining({
          employeeId: compliance.employeeId,
          before: { lifted_at: null, lifted_by_authorization_id: null, reason: stop!.reason },
          after: {
            lifted_at: '2026-11-21T18:00:00.000Z',
            lifted_by_authorization_id: authorization!.id,
            note: 'Call recording 2026-11-21-0412',
          },
        }),
      ]);
      expect(await auditEventsOf(db(), 'loan.auto_debit_restarted', a.id)).toHaveLength(1);
      // No stop now: the toggle works again, and the card no longer shows one.
      const toggled = await toggleAch(a.id);
      expect(toggled.statusCode).toBe(200);
      expect(toggled.json().loan.debit_stop).toBeNull();
    } finally {
      t.clock.set(new Date('2026-11-21T17:00:00Z'));
    }
  });

  it('lifts the stop but keeps debits off while a bankruptcy filed meanwhile is under the automatic stay', async () => {
    const { customer, a, b } = await stoppedCustomer();
    await db().insert(customerBankruptcies).values({
      customerId: customer.id,
      caseNumber: '26-20001',
      chapter: 13,
      filedOn: '2026-11-10',
      consumerInformationIndicator: 'D',
    });
    t.clock.set(new Date('2026-11-21T18:00:00Z'));
    const response = await authorize({
      user_id: customer.id,
      method: 'written',
      given_at: '2026-11-21T17:45:00Z',
      note: 'Signed form scanned to the customer file',
    });
    t.clock.set(new Date('2026-11-21T17:00:00Z'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: `The new authorization (in writing (signed)) is recorded and the failed-debit stop is lifted; automatic debits stay off: customer ${customer.id} is in an open chapter 13 bankruptcy (case 26-20001), and the automatic stay forbids collecting.`,
      restored_loan_ids: [],
    });
    expect((await loanRows([a.id, b.id])).map((loan) => loan.autoDebit)).toEqual([false, false]);
  });
});
