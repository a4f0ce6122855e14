import { and, count, eq, isNull } from 'drizzle-orm';
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
import { recordAuditEvent } from '../../platform/audit.ts';
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

    const [saved] = await tx
      .insert(creditReportAdjustments)
      .values({
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
      })
      .returning();
    if (!saved) throw new Error('createAdjustment: insert returned nothing');

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
    await recordAuditEvent(tx, {
      employeeId: caller.employeeId,
      action: 'credit_reporting.adjustment_created',
      entityType: 'loan',
      entityId: loanId,
      after: {
        adjustment_id: saved.id,
        adj_type: order.adj_type,
        reason: order.reason,
        gen_adj_file: genAdjFile,
        effective_on: today,
        user_id: userId,
      },
      ipAddress: caller.ipAddress,
    });
    return { results, adjustment_id: saved.id };
  });
}
