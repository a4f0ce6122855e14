import { eq } from 'drizzle-orm';
import {
  formatDollars,
  incomeVerifyProblems,
  readIncomeAmount,
  type IncomeActionResponse,
  type IncomeVerifyFields,
} from '@portal/contracts';
import { incomeReviews } from '@portal/db';
import type { IncomeDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordChange } from '../../platform/audit.ts';
import { businessToday } from '../../platform/business-date.ts';
import { HttpError, notFound } from '../../platform/http-error.ts';
import { markLoanDocumentsReviewed } from '../documents/index.ts';
import { findLoan } from '../loans/index.ts';
import { lockReviewToDecide } from './held-review.ts';
import { minimumPaystubDate } from './income-review.ts';
import * as repository from './repository.ts';

// PATCH income/verify_income (spec 001 section 5): the form's rules checked again here, with the
// server's minimum paystub date and today (rules/income-verify.ts, the screen's own), every problem
// answered at once (422, changing nothing); then the verified income is recorded on the loan's
// review, its paystubs are marked read and the lease ends.

export async function verifyIncome(
  context: IncomeDeps,
  caller: Actor,
  body: IncomeVerifyFields & { loan_id: number },
): Promise<IncomeActionResponse> {
  const loan = await findLoan(context.db, body.loan_id);
  if (!loan) throw notFound(`Loan ${body.loan_id} was not found.`);
  const today = businessToday(context.clock, context.businessTimeZone);
  const problems = incomeVerifyProblems(body, {
    today,
    minimumPaystubDate: minimumPaystubDate(loan.appliedAt, context.businessTimeZone),
  });
  const sentences = Object.values(problems);
  if (sentences.length > 0) throw new HttpError(422, sentences, { problems });
  const gross = readIncomeAmount('Gross income', body.gross_income) as number;
  const net = readIncomeAmount('Net income', body.net_income) as number;
  const frequency = body.frequency.trim() === '' ? null : body.frequency.trim();
  const now = context.clock.now();

  await context.db.transaction(async (tx) => {
    const review = await lockReviewToDecide(tx, caller, loan.id, now);
    const verified = {
      status: 'verified' as const,
      paystubDate: body.paystub_date,
      grossCents: gross,
      netCents: net,
      frequency,
      periodStart: frequency ? null : body.start_date,
      periodEnd: frequency ? null : body.end_date,
      verifiedAt: now,
      verifiedBy: caller.employeeId,
      assignedTo: null,
      leaseExpiresAt: null,
    };
    await tx.update(incomeReviews).set(verified).where(eq(incomeReviews.id, review.id));
    const reviewed = await markLoanDocumentsReviewed(tx, loan.id, 'paystub', now);
    await recordChange(tx, caller, 'income.verified', ['loan', loan.id], {
      before: { status: review.status },
      after: {
        paystub_date: body.paystub_date,
        gross_cents: gross,
        net_cents: net,
        frequency,
        period_start: verified.periodStart,
        period_end: verified.periodEnd,
        name_match: true,
        paystubs_reviewed: reviewed,
      },
    });
  });
  return {
    message: `Income of loan ${loan.id} verified: ${formatDollars(gross)} gross, ${formatDollars(net)} net${frequency ? `, ${frequency}` : ` for ${body.start_date} to ${body.end_date}`}.`,
    need_review_total: await repository.countNeedingReview(context.db),
  };
}
