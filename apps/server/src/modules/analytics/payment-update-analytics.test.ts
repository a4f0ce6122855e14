import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CUSTOMER_APP_TOKEN_HEADER, PAYMENT_UPDATE_ACTIONS } from '@portal/contracts';
import { auditEvents } from '@portal/db';
import { createCustomer, createLoan } from '@portal/db/testing';
import { signCustomerAppRequest } from '../customer-app/index.ts';
import { TEST_SECRETS_KEY } from '../../testing/test-app.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { callAsStaff } from '../../testing/staff-helpers.ts';
import { expectErrors } from '../../testing/error-answers.ts';

// Counted by hand. Business days in America/Los_Angeles (PST, UTC-8); the test clock stands at
// Saturday 2026-11-21. Each change is made through the API, then its audit row is stamped with the
// time below (the database writes its own now(); the rollup's trigger moves the count with it).
//   Staff (cs), through the staff calls, one of each payment update:
//     Thu 19th 23:30 PST (Fri 20th 07:30 UTC): rescheduled, method changed
//     Fri 20th 10:00 PST: made smaller, made larger, split
//   Customer (user), through the customer app:
//     Sat 21st 08:00 PST: rescheduled, method changed
//   Written directly:
//     Thu 19th 00:00:00 PST exactly (the range's first instant): a staff split      -> cs
//     Wed 18th 23:59:59 PST (just before the range): a customer reschedule          -> not counted
//     Fri 20th: a refund, a bounce fee credit, custom payments (staff) and a customer's
//       document upload: not payment updates                                        -> not counted
//   19th-21st: cs 5 + 1 = 6, user 2, total 8. 20th: cs 3. 19th: cs 3. 21st: user 2.
const t = useTestApp();
const staff = useStaffSession(t);

const at = {
  thuLate: '2026-11-20T07:30:00Z',
  fri: '2026-11-20T18:00:00Z',
  sat: '2026-11-21T16:00:00Z',
  thuStart: '2026-11-19T08:00:00Z',
  wedEnd: '2026-11-19T07:59:59Z',
};

async function stampLast(when: string) {
  const [last] = await t.database.db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .orderBy(sql`${auditEvents.id} desc`)
    .limit(1);
  await t.database.db
    .update(auditEvents)
    .set({ createdAt: new Date(when) })
    .where(eq(auditEvents.id, last!.id));
}

async function staffCall(method: 'PATCH' | 'POST', path: string, payload: object, when: string) {
  const response = await t.app.inject({ method, url: `/internal/api/${path}`, headers: staff.headers, payload });
  expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
  await stampLast(when);
}

async function customerCall(customerId: number, path: string, payload: object | undefined, when: string) {
  const token = signCustomerAppRequest({ secretsKey: TEST_SECRETS_KEY, clock: t.clock }, customerId, {
    method: 'POST',
    path: `/internal/api/customer_app/payments/${path}`,
  });
  const response = await t.app.inject({
    method: 'POST',
    url: `/internal/api/customer_app/payments/${path}`,
    headers: { [CUSTOMER_APP_TOKEN_HEADER]: token },
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
  await stampLast(when);
}

async function auditRow(action: string, employeeId: number | null, when: string) {
  await t.database.db
    .insert(auditEvents)
    .values({ employeeId, action, entityType: 'payment', entityId: '1', createdAt: new Date(when) });
}

const get = (start_date: string, end_date: string) =>
  callAsStaff(t.app, staff, 'GET', 'update_payment_analytics', { start_date, end_date });

describe('update_payment_analytics', () => {
  it('answers zeros for a range with no payment updates', async () => {
    const response = await get('2026-11-16', '2026-11-21');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: 0, cs: 0, total: 0 });
  });

  it('counts payment updates by staff (cs) and by customers (user) in the range, nothing else', async () => {
    const customer = await createCustomer(t.database.db);
    const { loan, payments: schedule } = await createLoan(t.database.db, {
      customerId: customer.id,
      state: 'active',
      paidInstallments: 2,
    });
    const [, , third, fourth, fifth] = schedule;
    await staffCall('PATCH', 'payment_date', { pmt_id: third!.id, date: '2026-12-08' }, at.thuLate);
    await staffCall('PATCH', 'toggle_payment_method', { pmt_id: third!.id }, at.thuLate);
    await staffCall('PATCH', 'smaller_payment', { pmt_id: fourth!.id, amt: 100 }, at.fri);
    await staffCall(
      'POST',
      'users/create_larger_payment',
      { loan_id: loan.id, payment_id: third!.id, amount: (third!.expectedAmountCents + 1000) / 100 },
      at.fri,
    );
    await staffCall(
      'PATCH',
      'loans/split_payment',
      { loan_id: loan.id, payment_id: fifth!.id, size: 20, date: '2027-02-10' },
      at.fri,
    );
    await customerCall(customer.id, `${fourth!.id}/reschedule`, { date: '2026-12-09' }, at.sat);
    await customerCall(customer.id, `${fourth!.id}/toggle_method`, undefined, at.sat);

    await auditRow('payment.split', staff.employeeId, at.thuStart);
    await auditRow('payment.rescheduled', null, at.wedEnd);
    await auditRow('payment.refunded', staff.employeeId, at.fri);
    await auditRow('payment.bounce_fee_credited', staff.employeeId, at.fri);
    await auditRow('loan.custom_payments', staff.employeeId, at.fri);
    await auditRow('customer.documents_uploaded', null, at.fri);

    // Every kind of payment update was made once by staff through its own call.
    const actions = await t.database.db
      .select({ action: auditEvents.action, employeeId: auditEvents.employeeId })
      .from(auditEvents)
      .where(sql`${auditEvents.action} like 'payment.%'`);
    for (const action of PAYMENT_UPDATE_ACTIONS)
      expect(
        actions.some((row) => row.action === action && row.employeeId === staff.employeeId),
        action,
      ).toBe(true);

    expect((await get('2026-11-19', '2026-11-21')).json()).toEqual({ user: 2, cs: 6, total: 8 });
    expect((await get('2026-11-20', '2026-11-20')).json()).toEqual({ user: 0, cs: 3, total: 3 });
    expect((await get('2026-11-19', '2026-11-19')).json()).toEqual({ user: 0, cs: 3, total: 3 });
    expect((await get('2026-11-21', '2026-11-21')).json()).toEqual({ user: 2, cs: 0, total: 2 });
    expect((await get('2026-11-18', '2026-11-18')).json()).toEqual({ user: 1, cs: 0, total: 1 });
    expect((await get('2026-01-05', '2026-01-09')).json()).toEqual({ user: 0, cs: 0, total: 0 });
  });

  it('refuses a range that ends after today or starts after it ends (422)', async () => {
    const late = await get('2026-11-20', '2026-11-22');
    expectErrors(late, 422, ['The end date cannot be after today.']);
    expect((await get('2026-11-21', '2026-11-20')).statusCode).toBe(422);
    expect((await get('2026-11-21', 'tomorrow')).statusCode).toBe(400);
  });

  it('counts in the database exactly the actions contracts call payment updates', async () => {
    const listed = async (action: string) => {
      const result = (await t.database.db.execute(sql`select is_payment_update_action(${action}) as listed`)) as {
        rows: Array<{ listed: boolean }>;
      };
      return result.rows[0]?.listed;
    };
    for (const action of PAYMENT_UPDATE_ACTIONS) expect(await listed(action), action).toBe(true);
    for (const action of ['payment.refunded', 'payment.payoff_scheduled', 'loan.custom_payments', 'payment'])
      expect(await listed(action), action).toBe(false);
  });

  it('moves a count with an audit row changed or deleted (the rollup stays exact)', async () => {
    // On days the other cases leave alone: Tue 10th and Wed 11th, noon PST.
    const tue = '2026-11-10T20:00:00Z';
    const wed = '2026-11-11T20:00:00Z';
    const moved = eq(auditEvents.entityId, 'moved');
    await t.database.db.insert(auditEvents).values({
      employeeId: staff.employeeId,
      action: 'payment.rescheduled',
      entityType: 'payment',
      entityId: 'moved',
      createdAt: new Date(tue),
    });
    expect((await get('2026-11-10', '2026-11-10')).json()).toEqual({ user: 0, cs: 1, total: 1 });
    await t.database.db
      .update(auditEvents)
      .set({ employeeId: null, createdAt: new Date(wed) })
      .where(moved);
    expect((await get('2026-11-10', '2026-11-10')).json()).toEqual({ user: 0, cs: 0, total: 0 });
    expect((await get('2026-11-11', '2026-11-11')).json()).toEqual({ user: 1, cs: 0, total: 1 });
    await t.database.db.update(auditEvents).set({ action: 'payment.refunded' }).where(moved);
    expect((await get('2026-11-11', '2026-11-11')).json()).toEqual({ user: 0, cs: 0, total: 0 });
    await t.database.db.update(auditEvents).set({ action: 'payment.split' }).where(moved);
    expect((await get('2026-11-11', '2026-11-11')).json()).toEqual({ user: 1, cs: 0, total: 1 });
    await t.database.db.delete(auditEvents).where(moved);
    expect((await get('2026-11-10', '2026-11-11')).json()).toEqual({ user: 0, cs: 0, total: 0 });
  });
});
