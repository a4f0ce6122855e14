import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerBankruptcies, disputes, type Database } from '@portal/db';
import { createCustomer, createLoan, openTestDatabase, type TestDatabase } from '@portal/db/testing';
import { reportAccount } from './metro2-account.ts';
import { readReportingLoan } from './reporting-loan.ts';

const ZONE = 'America/Los_Angeles';

describe('readReportingLoan', () => {
  let database: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
  });
  afterAll(async () => {
    await database.close();
  });

  it('reads the schedule as paid, the bankruptcy on the customer and an open dispute of the loan', async () => {
    const customer = await createCustomer(db);
    // Funded 2025-01-10; six monthly payments from 2025-02-10, the first two paid two days late.
    const { loan, payments } = await createLoan(db, {
      customerId: customer.id,
      fundedOn: '2025-01-10',
      principalCents: 60_000,
      paidInstallments: 2,
    });
    const read = await readReportingLoan(db, loan.id, ZONE);
    expect(read).toMatchObject({
      fundedOn: '2025-01-10',
      originalAmountCents: 60_000,
      paidOffOn: null,
      bankruptcy: null,
      disputes: [],
    });
    expect(read?.payments.map((payment) => [payment.due, payment.paidOn])).toEqual(
      payments.map((payment, index) => [payment.due, index < 2 ? `${payment.due.slice(0, 8)}12` : null]),
    );
    // April 10 unpaid on May 15: 35 days late.
    expect(reportAccount(read!, '2025-05-15')).toMatchObject({ accountStatus: '71', daysPastDue: 35 });

    await db.insert(customerBankruptcies).values({
      customerId: customer.id,
      caseNumber: '25-10001',
      chapter: 13,
      filedOn: '2025-05-01',
      consumerInformationIndicator: 'D',
    });
    await db.insert(disputes).values({
      receivedAt: new Date('2025-05-14T17:00:00Z'),
      letterReceivedOn: '2025-05-14',
      dueDate: '2025-06-13',
      fileName: 'letter.pdf',
      storageKey: 'disputes/letter.pdf',
      loanId: loan.id,
      customerId: customer.id,
    });
    const after = await readReportingLoan(db, loan.id, ZONE);
    expect(after).toMatchObject({
      bankruptcy: { chapter: 13, filedOn: '2025-05-01', dischargedOn: null, dismissedOn: null },
      disputes: [
        { label: expect.stringMatching(/^dispute #\d+$/), from: '2025-05-14', to: null, consumerDisagrees: false },
      ],
    });
    expect(reportAccount(after!, '2025-05-15')).toMatchObject({
      consumerInformationIndicator: 'D',
      complianceConditionCode: 'XB',
    });
  });

  it('has nothing for a loan that does not exist', async () => {
    expect(await readReportingLoan(db, 999_999, ZONE)).toBeNull();
  });
});
