import type { LoanInfo } from '@portal/contracts';
import type { Executor, Transaction } from '@portal/db';
import type { LoansDeps } from './deps.ts';
import { businessToday } from '../../platform/business-date.ts';
import { HttpError, notFound } from '../../platform/http-error.ts';
import { findLoanCard } from './customer-loans-json.ts';
import { toLoanInfo } from './loan-info.ts';
import { methodsOfChargeable } from './payment-methods.ts';
import * as repository from './repository.ts';
import type { LoanRecord, PaymentRecord } from './repository.ts';

// The loan as its card shows it, which every loans/ call answers, and the locking every loans/
// change starts with: the loan row first (always before its payments, so two changes never wait
// on each other crosswise), then the card read under that lock, so the rules are checked against
// exactly what the change will write over.

export type LockedLoan = { record: LoanRecord; card: LoanInfo; payments: PaymentRecord[] };

export async function readLoanCard(
  db: Executor,
  context: Pick<LoansDeps, 'clock' | 'businessTimeZone'>,
  loanId: number,
): Promise<LoanInfo> {
  const row = await findLoanCard(db, loanId);
  if (!row) throw notFound(`Loan ${loanId} was not found.`);
  return toLoanInfo(row, {
    today: businessToday(context.clock, context.businessTimeZone),
    timeZone: context.businessTimeZone,
    eligibleMethods: methodsOfChargeable({ bank: row.chargeableBank, card: row.chargeableCard }),
  });
}

// 409 with the loan as it stands now (a rule refused the change, or the screen was stale), so the
// screen redraws and the employee sees why.
export function conflictWithLoan(message: string | string[], card: LoanInfo): HttpError {
  return new HttpError(409, message, { loan: card });
}

export async function lockLoanForChange(
  tx: Transaction,
  context: Pick<LoansDeps, 'clock' | 'businessTimeZone'>,
  loanId: number,
  lockVersion?: number,
): Promise<LockedLoan> {
  const record = await repository.lockLoan(tx, loanId);
  if (!record) throw notFound(`Loan ${loanId} was not found.`);
  const card = await readLoanCard(tx, context, loanId);
  if (lockVersion !== undefined && lockVersion !== record.lockVersion) {
    throw conflictWithLoan(
      `Loan ${loanId} was changed by someone else since this screen loaded it; here it is as it stands now. Check it and try again.`,
      card,
    );
  }
  const payments = await repository.loanPayments(tx, loanId);
  return { record, card, payments };
}

// The payment's loan locked as above, and the payment, which must belong to it.
export async function lockPaymentForChange(
  tx: Transaction,
  context: Pick<LoansDeps, 'clock' | 'businessTimeZone'>,
  paymentId: number,
  options: { loanId?: number; lockVersion?: number } = {},
): Promise<LockedLoan & { payment: PaymentRecord }> {
  const found = await repository.findPayment(tx, paymentId);
  if (!found) throw notFound(`Payment ${paymentId} was not found.`);
  if (options.loanId !== undefined && found.loanId !== options.loanId)
    throw notFound(`Payment ${paymentId} is not a payment of loan ${options.loanId}.`);
  const locked = await lockLoanForChange(tx, context, found.loanId);
  const payment = locked.payments.find((candidate) => candidate.id === paymentId);
  if (!payment) throw notFound(`Payment ${paymentId} was not found.`);
  if (options.lockVersion !== undefined && options.lockVersion !== payment.lockVersion) {
    throw conflictWithLoan(
      `Payment ${paymentId} was changed by someone else since this screen loaded it; here is the loan as it stands now. Check it and try again.`,
      locked.card,
    );
  }
  return { ...locked, payment };
}

export function assertLoanRule(allowed: boolean, message: string, card: LoanInfo): void {
  if (!allowed) throw conflictWithLoan(message, card);
}
