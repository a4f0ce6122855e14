import { addDays, addMonths, DAY_MS } from '@portal/contracts';
import type { Executor } from '../../client.ts';
import { bankAccounts, customerEmails, customers, debitCards, loans, payments } from '../../schema/index.ts';
import { loanTotalCents, splitInstallments } from '../../seed/loan-schedule.ts';
import { unsealedBankNumbers, type BankNumbersToSeal } from '../../seed/sealed-bank-numbers.ts';

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

// A bank account's number columns, unsealed (decision 070).
export function storedBankNumbers(numbers: BankNumbersToSeal) {
  const { sealed, last4 } = unsealedBankNumbers(numbers);
  return { numbersSealed: sealed, accountLast4: last4 };
}

export type NewCustomer = Partial<typeof customers.$inferInsert> & { bankAccount?: boolean; debitCard?: boolean };

// A customer with a unique email and phone; a bank account and a debit card unless told otherwise.
export async function createCustomer(db: Executor, input: NewCustomer = {}) {
  const n = next();
  const { bankAccount = true, debitCard = true, ...values } = input;
  const [customer] = await db
    .insert(customers)
    .values({
      firstName: 'Test',
      lastName: `Customer${n}`,
      email: `customer${n}.${process.pid}@example.com`,
      phoneNumber: `555${String(1_000_000 + ((n * 7919 + process.pid) % 9_000_000)).padStart(7, '0')}`,
      birthday: '1990-05-17',
      street: '1 Main St',
      city: 'Portland',
      state: 'OR',
      // A customer placed in another state has no ZIP of Oregon (the contact gate reads both).
      zip: values.state === undefined || values.state === 'OR' ? '97201' : null,
      ...values,
    })
    .returning();
  if (!customer) throw new Error('createCustomer: insert returned nothing');
  await db.insert(customerEmails).values({ customerId: customer.id, email: customer.email });
  if (bankAccount)
    await db
      .insert(bankAccounts)
      // Unsealed, as a value from before sealing (decision 070): reads take it as it is; the
      // tests of sealing seal their own.
      .values({
        customerId: customer.id,
        ...storedBankNumbers({ routing: '121000358', account: `00012345${n}` }),
      });
  if (debitCard)
    await db.insert(debitCards).values({ customerId: customer.id, lastFour: String(1000 + (n % 9000)), brand: 'Visa' });
  return customer;
}

export type LoanState =
  | 'applied'
  | 'approved'
  | 'accepted'
  | 'active'
  | 'funding_returned'
  | 'denied'
  | 'closed'
  | 'paid_off';

export type NewLoan = {
  customerId: number;
  state?: LoanState;
  // The funding date for funded loans; other timestamps are placed just before it.
  fundedOn?: string;
  principalCents?: number;
  installments?: number;
  aprBasisPoints?: number;
  // Paid installments of a funded loan (all of them for paid_off).
  paidInstallments?: number;
  type?: (typeof loans.$inferInsert)['type'];
  autoDebit?: boolean;
};

// A loan in the given state, with a monthly schedule of payments when funded.
export async function createLoan(db: Executor, input: NewLoan) {
  const state = input.state ?? 'active';
  const fundedOn = input.fundedOn ?? '2026-09-01';
  const principalCents = input.principalCents ?? 100_000;
  const installments = input.installments ?? 6;
  const aprBasisPoints = input.aprBasisPoints ?? 3599;
  const at = (days: number) => new Date(Date.parse(`${fundedOn}T17:00:00Z`) + days * DAY_MS);
  const approved = state !== 'applied' && state !== 'denied';
  const accepted = approved && state !== 'approved' && state !== 'closed';
  const funded = ['active', 'funding_returned', 'paid_off'].includes(state);
  const [loan] = await db
    .insert(loans)
    .values({
      customerId: input.customerId,
      type: input.type ?? 'standard',
      appliedAt: at(-3),
      approvedAt: approved ? at(-2) : null,
      acceptedAt: accepted ? at(-1) : null,
      fundedAt: funded ? at(0) : null,
      fundingReturnedAt: state === 'funding_returned' ? at(3) : null,
      deniedAt: state === 'denied' ? at(-2) : null,
      denyReason: state === 'denied' ? 'insufficient_income' : null,
      closedAt: state === 'closed' ? at(-1) : null,
      paidOffAt: state === 'paid_off' ? at(installments * 31) : null,
      maturity: addMonths(fundedOn, installments),
      appliedAmountCents: principalCents,
      cashAdvancedCents: approved ? principalCents : null,
      installmentCount: installments,
      aprBasisPoints,
      approvalCode: approved ? `AC${principalCents}` : null,
      autoDebit: input.autoDebit ?? true,
      fundingMethod: funded ? 'ach' : null,
    })
    .returning();
  if (!loan) throw new Error('createLoan: insert returned nothing');
  if (!funded) return { loan, payments: [] };
  const paidCount = state === 'paid_off' ? installments : (input.paidInstallments ?? 0);
  const amounts = splitInstallments(loanTotalCents(principalCents, aprBasisPoints, installments), installments);
  const schedule = amounts.map((amount, index) => {
    const due = addMonths(fundedOn, index + 1);
    return {
      loanId: loan.id,
      expectedAmountCents: amount,
      due,
      originalDue: due,
      paidAt: index < paidCount ? new Date(`${addDays(due, 2)}T12:00:00Z`) : null,
      refundable: index < paidCount,
    };
  });
  const created = await db.insert(payments).values(schedule).returning();
  return { loan, payments: created };
}
