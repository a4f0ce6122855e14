import { and, count, desc, eq, isNull, lte } from 'drizzle-orm';
import {
  ADJUSTMENT_TYPE_OPTIONS,
  formatDollars,
  generatesAdjustmentFile,
  type AdjustmentType,
  type CreateAdjustmentResponse,
} from '@portal/contracts';
import { creditReportAdjustments, type Executor } from '@portal/db';
import type { CreditReportingDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordChange } from '../../platform/audit.ts';
import { businessToday } from '../../platform/business-date.ts';
import { conflict, notFound, unprocessable } from '../../platform/http-error.ts';
import { writeCustomerComment } from '../customers/index.ts';
import { lockLoanKeyShare } from '../loans/index.ts';
import { reportAccount } from './metro2-account.ts';
import { readReportingLoan } from './reporting-loan.ts';

// PUT cr_adj/create_and_notify {user_id, loan_id, adj_type, reason, gen_adj_file} (spec 001
// sections 2, 3, 7): a special credit report adjustment. It takes effect today: Delete reports the
// account deleted (DA), Resend sends it again as it stands, Do Not Report stops reporting it. Delete
// and Resend wait for the next Metro 2 correction file (correction-file.ts); Do Not Report sends
// nothing and is done at once. Answers 201 with what happened, sentence by sentence (results).

export type AdjustmentOrder = {
  user_id: number;
  loan_id: number;
  adj_type: AdjustmentType;
  reason: string | null;
  gen_adj_file?: boolean | undefined;
};

const label = (type: AdjustmentType) => ADJUSTMENT_TYPE_OPTIONS.find((option) => option.value === type)!.label;

export function genAdjFileProblem(type: AdjustmentType, given: boolean | undefined): string | null {
  if (given === undefined || given === generatesAdjustmentFile(type)) return null;
  return type === 'do_not_report'
    ? 'gen_adj_file must be false for Do Not Report: nothing is sent to the credit bureaus.'
    : `gen_adj_file must be true for ${label(type)}: the credit bureaus learn of it through the correction file.`;
}

type NewAdjustment = typeof creditReportAdjustments.$inferInsert;

// Every adjustment is written here, whoever makes it (the /cr_adj form, an ACDV answer, a dispute
// resolved in the consumer's favour), with its audit event on the loan.
export async function insertAdjustment(tx: Executor, caller: Actor, values: NewAdjustment) {
  const [saved] = await tx.insert(creditReportAdjustments).values(values).returning();
  if (!saved) throw new Error('insertAdjustment: insert returned nothing');
  await recordChange(tx, caller, 'credit_reporting.adjustment_created', ['loan', saved.loanId], {
    after: {
      adjustment_id: saved.id,
      adj_type: saved.adjType,
      reason: saved.reason,
      gen_adj_file: saved.genAdjFile,
      effective_on: saved.effectiveOn,
      user_id: saved.customerId,
      source: saved.source,
      ...(saved.fraud ? { fraud: true } : {}),
      ...(saved.acdvRequestId !== null ? { acdv_request_id: saved.acdvRequestId } : {}),
      ...(saved.disputeId !== null ? { dispute_id: saved.disputeId } : {}),
    },
  });
  return saved;
}

// The adjustment in effect for the loan on that date (the latest by effective date, then by id:
// what reportAccount reads), or null.
async function adjustmentInEffect(tx: Executor, loanId: number, on: string) {
  const [row] = await tx
    .select({ id: creditReportAdjustments.id, adjType: creditReportAdjustments.adjType })
    .from(creditReportAdjustments)
    .where(and(eq(creditReportAdjustments.loanId, loanId), lte(creditReportAdjustments.effectiveOn, on)))
    .orderBy(desc(creditReportAdjustments.effectiveOn), desc(creditReportAdjustments.id))
    .limit(1);
  return row ?? null;
}

// What corrected the loan: a dispute resolved in the consumer's favour, or an ACDV answered 21/22.
export type CorrectionCause = { source: 'dispute'; disputeId: number } | { source: 'acdv'; acdvRequestId: number };
export type QueuedCorrection = { adjustmentId: number | null; sentence: string };

// A consumer dispute resolved in the consumer's favour corrected the loan: a Resend adjustment, so
// the next Metro 2 correction file sends every bureau the loan as it now stands (FCRA 623(a)(2) and
// 623(b)(1)(D); 12 CFR 1022.43(e)). Runs in the caller's transaction. Nothing is queued for a loan
// never reported (not funded), nor for one the bureaus are told to delete or not to report: a
// Resend would report it again, against the consumer. The sentence says which happened.
export async function queueCorrection(
  tx: Executor,
  caller: Actor,
  order: { loanId: number; cause: CorrectionCause; reason: string; today: string; now: Date },
): Promise<QueuedCorrection> {
  const { loanId, cause, today } = order;
  const loan = await lockLoanKeyShare(tx, loanId);
  if (!loan || !loan.fundedAt || loan.fundingReturnedAt)
    return {
      adjustmentId: null,
      sentence: `Loan ${loanId} was never reported to the credit bureaus, so no correction is sent.`,
    };
  const standing = await adjustmentInEffect(tx, loanId, today);
  if (standing && standing.adjType !== 'resend')
    return {
      adjustmentId: null,
      sentence: `Loan ${loanId} stays ${standing.adjType === 'delete' ? 'deleted at' : 'unreported to'} the credit bureaus (adjustment #${standing.id}), so no correction is sent.`,
    };
  const saved = await insertAdjustment(tx, caller, {
    customerId: loan.customerId,
    loanId,
    adjType: 'resend',
    reason: order.reason,
    genAdjFile: true,
    source: cause.source,
    ...(cause.source === 'dispute' ? { disputeId: cause.disputeId } : { acdvRequestId: cause.acdvRequestId }),
    effectiveOn: today,
    createdBy: caller.employeeId,
    createdAt: order.now,
  });
  return {
    adjustmentId: saved.id,
    sentence: `Credit report adjustment #${saved.id} (Resend) sends loan ${loanId} as corrected in the next Metro 2 correction file.`,
  };
}

// The disputes module's way in (through index.ts and buildApp): the dispute resolved in the consumer's favour.
export function queueDisputeCorrection(
  tx: Executor,
  caller: Actor,
  order: { disputeId: number; loanId: number; today: string; now: Date },
): Promise<QueuedCorrection> {
  return queueCorrection(tx, caller, {
    loanId: order.loanId,
    cause: { source: 'dispute', disputeId: order.disputeId },
    reason: `Dispute #${order.disputeId} resolved in the consumer's favour`,
    today: order.today,
    now: order.now,
  });
}

export async function countPendingAdjustments(executor: Executor): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(creditReportAdjustments)
    .where(and(eq(creditReportAdjustments.genAdjFile, true), isNull(creditReportAdjustments.processedAt)));
  return row?.n ?? 0;
}

export async function createAdjustment(
  context: CreditReportingDeps,
  caller: Actor,
  order: AdjustmentOrder,
): Promise<CreateAdjustmentResponse> {
  const fileProblem = genAdjFileProblem(order.adj_type, order.gen_adj_file);
  if (fileProblem) throw unprocessable(fileProblem);
  const genAdjFile = generatesAdjustmentFile(order.adj_type);
  const today = businessToday(context.clock, context.businessTimeZone);
  const now = context.clock.now();
  const { user_id: userId, loan_id: loanId } = order;

  return context.db.transaction(async (tx) => {
    const loan = await lockLoanKeyShare(tx, loanId);
    if (!loan) throw notFound(`Loan ${loanId} was not found.`);
    if (loan.customerId !== userId)
      throw unprocessable(
        `Loan ${loanId} belongs to user ${loan.customerId}, not user ${userId}. Check the account information.`,
      );
    if (!loan.fundedAt || loan.fundingReturnedAt)
      throw conflict(`Loan ${loanId} was never funded, so it has never been reported to the credit bureaus.`);

    const saved = await insertAdjustment(tx, caller, {
      customerId: userId,
      loanId,
      adjType: order.adj_type,
      reason: order.reason,
      genAdjFile,
      source: 'staff',
      effectiveOn: today,
      createdBy: caller.employeeId,
      createdAt: now,
      processedAt: genAdjFile ? null : now,
    });

    const results = [
      `Credit report adjustment #${saved.id} recorded: ${label(order.adj_type)} for loan ${loanId} of user ${userId}.`,
    ];
    if (order.adj_type === 'delete')
      results.push(`Loan ${loanId} is reported as deleted (account status DA) from ${today}.`);
    else if (order.adj_type === 'do_not_report')
      results.push(
        `Loan ${loanId} is no longer reported to the credit bureaus from ${today}; a Resend adjustment reports it again.`,
      );
    else {
      const reporting = await readReportingLoan(tx, loanId, context.businessTimeZone);
      const account = reporting ? reportAccount(reporting, today) : null;
      if (account)
        results.push(
          `Loan ${loanId} will be sent again as it stands on ${today}: account status ${account.accountStatus}, balance ${formatDollars(account.currentBalanceCents)}.`,
        );
    }
    if (genAdjFile) {
      const pending = await countPendingAdjustments(tx);
      results.push(
        `Its correction record goes in the next Metro 2 correction file (${pending} ${pending === 1 ? 'adjustment' : 'adjustments'} waiting).`,
      );
    } else results.push('Nothing is sent to the credit bureaus for it.');

    const reason = order.reason ? ` Reason: ${order.reason}` : '';
    await writeCustomerComment(tx, caller, {
      customerId: userId,
      body: `Credit report adjustment #${saved.id}: ${label(order.adj_type)} for loan #${loanId}.${reason}`,
      at: now,
      context: { credit_report_adjustment_id: saved.id, loan_id: loanId },
    });
    results.push(`A note was added to user ${userId}'s account.`);
    return { results, adjustment_id: saved.id };
  });
}
