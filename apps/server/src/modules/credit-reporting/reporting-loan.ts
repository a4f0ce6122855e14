import { asc, inArray } from 'drizzle-orm';
import { dateInTimeZone, daysBetween, loanDisplayStatus } from '@portal/contracts';
import { acdvRequests, creditReportAdjustments, type Executor } from '@portal/db';
import { findBankruptciesOfCustomers } from '../bankruptcies/index.ts';
import { findDisputesOfLoans } from '../disputes/index.ts';
import { findLoansByIds, findPaymentsOfLoans, payoffCentsOn } from '../loans/index.ts';
import type { ReportingAdjustment, ReportingBankruptcy, ReportingLoan } from './metro2-account.ts';

// Loans as the Metro 2 account reads them (metro2-account.ts), from the database: the payments, the
// customer's bankruptcy (the case last recorded: processed notices, the FCRA lookup), the consumer
// disputes of the loan (dispute letters and ACDVs, open or answered, with the consumer's
// disagreement) and the credit report adjustments. Instants become business dates in `timeZone`.
// Read in a handful of statements for any number of loans, so a correction file of 10,000
// adjustments costs the same six round trips as one lookup.

export type ReportedLoan = ReportingLoan & {
  id: number;
  customerId: number;
  status: string;
  acceptedOn: string | null;
  cashAdvancedCents: number | null;
  installmentCount: number;
  // The regular installment (the first one scheduled).
  installmentCents: number;
  // Metro 2 terms frequency from the gaps between due dates: W, B, E or M.
  termsFrequency: string;
  schedule: Array<{
    id: number;
    originalDue: string;
    due: string;
    amountCents: number;
    paidAt: Date | null;
    processingAt: Date | null;
    invalidAt: Date | null;
  }>;
};

const dateOf = (instant: Date | null, timeZone: string) => (instant ? dateInTimeZone(instant, timeZone) : null);

// The schedule's usual gap between two due dates, as Metro 2 names it.
export function termsFrequencyOf(dues: readonly string[]): string {
  const gaps = dues
    .slice(1)
    .map((due, index) => daysBetween(dues[index]!, due))
    .sort((a, b) => a - b);
  const gap = gaps.length === 0 ? 30 : gaps[Math.floor(gaps.length / 2)]!;
  if (gap <= 10) return 'W';
  if (gap <= 14) return 'B';
  if (gap <= 20) return 'E';
  return 'M';
}

function groupBy<Row, Key>(rows: readonly Row[], key: (row: Row) => Key): Map<Key, Row[]> {
  const groups = new Map<Key, Row[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

export async function readReportedLoans(
  executor: Executor,
  loanIds: readonly number[],
  timeZone: string,
): Promise<Map<number, ReportedLoan>> {
  const found = new Map<number, ReportedLoan>();
  if (loanIds.length === 0) return found;
  const ids = [...new Set(loanIds)];
  const loanRows = await findLoansByIds(executor, ids);
  if (loanRows.length === 0) return found;
  const customerIds = [...new Set(loanRows.map((loan) => loan.customerId))];
  // One after the other: the executor may be a transaction, one connection.
  const scheduleRows = (await findPaymentsOfLoans(executor, ids)).map((payment) => ({
    id: payment.id,
    loanId: payment.loanId,
    originalDue: payment.originalDue,
    due: payment.due,
    amountCents: payment.expectedAmountCents,
    paidAt: payment.paidAt,
    processingAt: payment.processingAt,
    invalidAt: payment.invalidAt,
    // What the payoff reads too (balanceOn).
    type: payment.type,
    refundedAt: payment.refundedAt,
    bounceFeeCents: payment.bounceFeeCents,
  }));
  const bankruptcyRows = await findBankruptciesOfCustomers(executor, customerIds);
  const disputeRows = await findDisputesOfLoans(executor, ids);
  const acdvRows = await executor
    .select({
      loanId: acdvRequests.loanId,
      controlNumber: acdvRequests.controlNumber,
      receivedOn: acdvRequests.receivedOn,
      answeredAt: acdvRequests.respondedAt,
      consumerDisagrees: acdvRequests.consumerDisagrees,
    })
    .from(acdvRequests)
    .where(inArray(acdvRequests.loanId, ids));
  const adjustmentRows = await executor
    .select({
      loanId: creditReportAdjustments.loanId,
      type: creditReportAdjustments.adjType,
      effectiveOn: creditReportAdjustments.effectiveOn,
      fraud: creditReportAdjustments.fraud,
    })
    .from(creditReportAdjustments)
    .where(inArray(creditReportAdjustments.loanId, ids))
    .orderBy(asc(creditReportAdjustments.effectiveOn), asc(creditReportAdjustments.id));
  const schedules = groupBy(scheduleRows, (row) => row.loanId);
  const adjustments = groupBy(adjustmentRows, (row) => row.loanId);
  // Newest first: the first of each customer is the case last recorded.
  const bankruptcies = new Map<number, (typeof bankruptcyRows)[number]>();
  for (const row of bankruptcyRows) if (!bankruptcies.has(row.customerId)) bankruptcies.set(row.customerId, row);
  // Each dispute from the day it came in to the day it was answered (business dates).
  const disputed = groupBy(
    [
      ...disputeRows.map((row) => ({
        loanId: row.loanId,
        label: `dispute #${row.id}`,
        from: dateOf(row.receivedAt, timeZone)!,
        to: dateOf(row.answeredAt, timeZone),
        consumerDisagrees: row.consumerDisagrees,
      })),
      ...acdvRows.map((row) => ({
        loanId: row.loanId,
        label: `ACDV ${row.controlNumber}`,
        from: row.receivedOn,
        to: dateOf(row.answeredAt, timeZone),
        consumerDisagrees: row.consumerDisagrees,
      })),
    ],
    (row) => row.loanId,
  );

  for (const loan of loanRows) {
    const schedule = schedules.get(loan.id) ?? [];
    const bankruptcy = bankruptcies.get(loan.customerId);
    const reportedBankruptcy: ReportingBankruptcy | null =
      bankruptcy && (bankruptcy.chapter === 7 || bankruptcy.chapter === 13)
        ? {
            chapter: bankruptcy.chapter,
            filedOn: bankruptcy.filedOn,
            dischargedOn: bankruptcy.dischargedOn,
            dismissedOn: bankruptcy.dismissedOn,
          }
        : null;
    const valid = schedule.filter((payment) => payment.invalidAt === null);
    found.set(loan.id, {
      id: loan.id,
      customerId: loan.customerId,
      status: loanDisplayStatus({
        approved: loan.approvedAt?.toISOString() ?? null,
        accepted: loan.acceptedAt?.toISOString() ?? null,
        funded: loan.fundedAt?.toISOString() ?? null,
        denied: loan.deniedAt?.toISOString() ?? null,
        closed_at: loan.closedAt?.toISOString() ?? null,
        paid_off: loan.paidOffAt?.toISOString() ?? null,
      }),
      acceptedOn: dateOf(loan.acceptedAt, timeZone),
      cashAdvancedCents: loan.cashAdvancedCents,
      installmentCount: loan.installmentCount,
      installmentCents: valid[0]?.amountCents ?? 0,
      termsFrequency: termsFrequencyOf(valid.map((payment) => payment.originalDue)),
      schedule: schedule.map(({ loanId: _loanId, ...row }) => row),
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
      disputes: (disputed.get(loan.id) ?? []).map(({ loanId: _loanId, ...dispute }) => dispute),
      balanceOn: (asOf) => payoffCentsOn(loan, schedule, asOf, timeZone),
      adjustments: (adjustments.get(loan.id) ?? []).map((row): ReportingAdjustment => ({
        type: row.type as ReportingAdjustment['type'],
        effectiveOn: row.effectiveOn,
        fraud: row.fraud,
      })),
    });
  }
  return found;
}

export async function readReportingLoan(
  executor: Executor,
  loanId: number,
  timeZone: string,
): Promise<ReportedLoan | null> {
  return (await readReportedLoans(executor, [loanId], timeZone)).get(loanId) ?? null;
}
