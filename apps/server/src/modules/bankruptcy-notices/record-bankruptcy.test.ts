import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditEvents, bankruptcyNotices, loans } from '@portal/db';
import {
  createCustomer,
  createEmployee,
  createLoan,
  openTestDatabase,
  type LoanState,
  type TestDatabase,
} from '@portal/db/testing';
import { recordCustomerBankruptcy } from './record-bankruptcy.ts';
import { findNoticeView } from './repository.ts';

// A bankruptcy stops collecting on what the customer owes: their active loans, and only those. A
// loan whose funding came back, or denied after funding, owes nothing; its auto-debit setting is
// the customer's and stays as it is.

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function customerWithLoans() {
  const { db } = database;
  const customer = await createCustomer(db);
  const loanIn = async (state: LoanState) => (await createLoan(db, { customerId: customer.id, state })).loan;
  const active = await loanIn('active');
  const returned = await loanIn('funding_returned');
  const denied = await loanIn('active');
  await db
    .update(loans)
    .set({ deniedAt: new Date('2026-09-02T17:00:00Z') })
    .where(eq(loans.id, denied.id));
  const paidOff = await loanIn('paid_off');
  return { customer, active, returned, denied, paidOff };
}

const loanRow = async (id: number) => (await database.db.select().from(loans).where(eq(loans.id, id)))[0]!;

describe('recordCustomerBankruptcy', () => {
  it("stops auto-debit on the customer's active loans only, raising their versions, each audited", async () => {
    const { db } = database;
    const employee = await createEmployee(db, { email: `desk.${process.pid}@portal.test` });
    const { customer, active, returned, denied, paidOff } = await customerWithLoans();
    const { stoppedLoanIds } = await db.transaction((tx) =>
      recordCustomerBankruptcy(
        tx,
        { employeeId: employee.id, ipAddress: '127.0.0.1' },
        {
          customerId: customer.id,
          caseNumber: '26-10001',
          chapter: 7,
          courtDistrict: null,
          filedOn: '2026-10-01',
          dischargedOn: null,
          dismissedOn: null,
          convertedOn: null,
          planConfirmedOn: null,
          consumerInformationIndicator: 'A',
          lastNoticeId: null,
          now: new Date('2026-11-21T17:00:00Z'),
        },
        { reason: 'bankruptcy_notice', context: {} },
      ),
    );
    expect(stoppedLoanIds).toEqual([active.id]);
    expect(await loanRow(active.id)).toMatchObject({ autoDebit: false, lockVersion: active.lockVersion + 1 });
    for (const untouched of [returned, denied, paidOff])
      expect(await loanRow(untouched.id)).toMatchObject({ autoDebit: true, lockVersion: untouched.lockVersion });
    const stopped = await db.select().from(auditEvents).where(eq(auditEvents.action, 'loan.auto_debit_stopped'));
    expect(stopped.map((event) => event.entityId)).toEqual([String(active.id)]);
  });
});

describe('findNoticeView', () => {
  it("lists the matched customer's active loans only", async () => {
    const { db } = database;
    const { customer, active } = await customerWithLoans();
    const [notice] = await db
      .insert(bankruptcyNotices)
      .values({
        fileName: 'notice.pdf',
        storageKey: `notices/${customer.id}.pdf`,
        type: 'BankruptcyNotice::InitialFiling',
        parsedData: {},
        hasText: true,
        customerId: customer.id,
        dueOn: '2026-11-24',
      })
      .returning();
    const view = await findNoticeView(db, notice!.id);
    expect(view?.customer?.openLoanIds).toEqual([active.id]);
  });
});
