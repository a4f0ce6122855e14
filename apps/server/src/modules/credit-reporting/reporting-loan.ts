import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { dateInTimeZone } from '@portal/contracts';
import { customerBankruptcies, disputes, loans, payments, type Executor } from '@portal/db';
import type { ReportingBankruptcy, ReportingLoan } from './metro2-account.ts';

// A loan as the Metro 2 account reads it (metro2-account.ts), from the database: its payments, the
// customer's bankruptcy (the case last recorded: processed notices, the FCRA screen) and whether a
// consumer dispute of the loan is still open. Instants become business dates in `timeZone`.

const dateOf = (instant: Date | null, timeZone: string) => (instant ? dateInTimeZone(instant, timeZone) : null);

export async function readReportingLoan(
  executor: Executor,
  loanId: number,
  timeZone: string,
): Promise<ReportingLoan | null> {
  const [loan] = await executor.select().from(loans).where(eq(loans.id, loanId));
  if (!loan) return null;
  const schedule = await executor
    .select({
      due: payments.due,
      amountCents: payments.expectedAmountCents,
      paidAt: payments.paidAt,
      invalidAt: payments.invalidAt,
    })
    .from(payments)
    .where(eq(payments.loanId, loanId))
    .orderBy(asc(payments.due), asc(payments.id));
  const [bankruptcy] = await executor
    .select()
    .from(customerBankruptcies)
    .where(eq(customerBankruptcies.customerId, loan.customerId))
    .orderBy(desc(customerBankruptcies.updatedAt), desc(customerBankruptcies.id))
    .limit(1);
  const [openDispute] = await executor
    .select({ id: disputes.id })
    .from(disputes)
    .where(and(eq(disputes.loanId, loanId), isNull(disputes.resolvedAt)))
    .limit(1);
  const reportedBankruptcy: ReportingBankruptcy | null =
    bankruptcy && (bankruptcy.chapter === 7 || bankruptcy.chapter === 13)
      ? {
          chapter: bankruptcy.chapter,
          filedOn: bankruptcy.filedOn,
          dischargedOn: bankruptcy.dischargedOn,
          dismissedOn: bankruptcy.dismissedOn,
        }
      : null;
  return {
    fundedOn: loan.fundingReturnedAt ? null : dateOf(loan.fundedAt, timeZone),
    originalAmountCents: loan.cashAdvancedCents ?? loan.appliedAmountCents,
    paidOffOn: dateOf(loan.paidOffAt, timeZone),
    closedOn: dateOf(loan.closedAt, timeZone),
    payments: schedule.map((payment) => ({
      due: payment.due,
      amountCents: payment.amountCents,
      paidOn: dateOf(payment.paidAt, timeZone),
      invalid: payment.invalidAt !== null,
    })),
    bankruptcy: reportedBankruptcy,
    disputeOpen: openDispute !== undefined,
  };
}
