import { eq } from 'drizzle-orm';
import { PAYSTUB_REREQUEST_REASONS, type IncomeActionResponse, type RerequestReasonsResponse } from '@portal/contracts';
import { incomeReviews } from '@portal/db';
import type { IncomeDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordChange } from '../../platform/audit.ts';
import { unprocessable } from '../../platform/http-error.ts';
import { heldNote } from '../../platform/outbound.ts';
import { deliverSoon, openUploadLinkFor, queueCustomerNotice } from '../customer-documents/index.ts';
import { markLoanDocumentsReviewed } from '../documents/index.ts';
import { lockReviewToDecide } from './held-review.ts';
import * as repository from './repository.ts';

// GET income/rerequest_reasons and PATCH income/request_new_stub {loan_id, reasons, note}: the
// customer is told what was wrong with the paystub (text, else email, through the outbox) with a
// link to send a new one; the loan goes back to waiting and leaves the queue until it arrives.

export function rerequestReasons(): RerequestReasonsResponse {
  return { reasons: PAYSTUB_REREQUEST_REASONS.map(({ key, label, text }) => ({ key, label, text })) };
}

function listed(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join('; ')}; and ${parts.at(-1)}`;
}

export async function requestNewStub(
  context: IncomeDeps,
  caller: Actor,
  body: { loan_id: number; reasons: string[]; note: string },
): Promise<IncomeActionResponse> {
  const keys = [...new Set(body.reasons)];
  if (keys.length === 0) throw unprocessable('Choose at least one reason.');
  const reasons = PAYSTUB_REREQUEST_REASONS.filter((reason) => keys.includes(reason.key));
  const now = context.clock.now();

  const { notice } = await context.db.transaction(async (tx) => {
    const review = await lockReviewToDecide(tx, caller, body.loan_id, now);
    const link = await openUploadLinkFor(tx, context, { id: review.loanId, customerId: review.customerId }, [
      'paystub',
    ]);
    const note = body.note === '' ? '' : ` ${body.note.replace(/[.\s]*$/, '.')}`;
    const queued = await queueCustomerNotice(tx, context, caller, review.customerId, {
      subject: 'We need a new paystub for your loan application',
      body: `We could not verify your income for loan application ${review.loanId}: ${listed(reasons.map((reason) => reason.text))}.${note} Please send a new paystub here: ${link}`,
    });
    await tx
      .update(incomeReviews)
      .set({
        status: 'waiting',
        requestedAt: now,
        requestedBy: caller.employeeId,
        requestReasons: keys,
        assignedTo: null,
        leaseExpiresAt: null,
      })
      .where(eq(incomeReviews.id, review.id));
    const reviewed = await markLoanDocumentsReviewed(tx, review.loanId, 'paystub', now);
    await recordChange(tx, caller, 'income.new_stub_requested', ['loan', review.loanId], {
      before: { status: review.status },
      after: { status: 'waiting', reasons: keys, note: body.note, message_id: queued.id, paystubs_reviewed: reviewed },
    });
    return { notice: queued };
  });
  deliverSoon(context, notice);
  return {
    message: `A new paystub was requested for loan ${body.loan_id} by ${notice.type === 'text' ? 'text' : 'email'}.${heldNote(notice)}`,
    need_review_total: await repository.countNeedingReview(context.db),
  };
}
