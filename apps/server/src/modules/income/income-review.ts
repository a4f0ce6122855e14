import { and, eq } from 'drizzle-orm';
import {
  addDays,
  BACK_OFFICE_LEASE_MINUTES,
  centsToDollars,
  dateInTimeZone,
  documentFileUrl,
  latestPaystubDate,
  PAYSTUB_MAX_AGE_DAYS,
  type IncomeReviewResponse,
  type Paystub,
} from '@portal/contracts';
import { incomeReviews } from '@portal/db';
import type { IncomeDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { businessToday } from '../../platform/business-date.ts';
import { leaseUntil, renewalThreshold } from '../../platform/work-queue.ts';
import { customerName } from '../customers/index.ts';
import { findLoanDocuments } from '../documents/index.ts';
import { principalOf } from '../loans/index.ts';
import { findLatestTicketIdOfCustomer } from '../tickets/index.ts';
import { incomeQueue } from './income-queue.ts';
import * as repository from './repository.ts';

// GET income/review (spec 001 sections 2, 3, 4): the next loan whose paystubs need review, leased
// to the caller so no one else gets it; the caller's own item comes back until they verify it or
// ask for a new stub. need_review_total counts every loan waiting, the caller's included.

// The oldest paystub the review takes: PAYSTUB_MAX_AGE_DAYS before the application.
export function minimumPaystubDate(appliedAt: Date, timeZone: string): string {
  return addDays(dateInTimeZone(appliedAt, timeZone), -PAYSTUB_MAX_AGE_DAYS);
}

const fileType = (contentType: string) => (contentType === 'application/pdf' ? 'pdf' : 'image');

export async function nextIncomeReview(context: IncomeDeps, caller: Actor): Promise<IncomeReviewResponse> {
  const now = context.clock.now();
  const until = leaseUntil(now, BACK_OFFICE_LEASE_MINUTES);
  const reviewId = await context.db.transaction(async (tx) => {
    const [held] = await tx
      .select()
      .from(incomeReviews)
      .where(and(eq(incomeReviews.assignedTo, caller.employeeId), eq(incomeReviews.status, 'needs_review')))
      .orderBy(incomeReviews.submittedAt, incomeReviews.id)
      .limit(1);
    if (held) {
      if (held.leaseExpiresAt === null || held.leaseExpiresAt < renewalThreshold(now, until))
        await incomeQueue.renew(tx, caller.employeeId, [held.id], until);
      return held.id;
    }
    const [id] = await incomeQueue.leaseNext(tx, caller.employeeId, 1, now, until);
    if (id === undefined) return null;
    await recordAuditEvent(tx, {
      employeeId: caller.employeeId,
      ipAddress: caller.ipAddress,
      action: 'income_review.assigned',
      entityType: 'income_review',
      entityId: id,
      after: { assigned_to: caller.employeeId, lease_expires_at: until.toISOString() },
    });
    return id;
  });
  const total = await repository.countNeedingReview(context.db);
  if (reviewId === null) return { review: null, need_review_total: total };

  const found = await repository.findReviewWithLoan(context.db, reviewId);
  if (!found) return { review: null, need_review_total: total };
  const { review, loan, customer } = found;
  const stubs = await findLoanDocuments(context.db, loan.id, 'paystub');
  const paystubs: Paystub[] = stubs.map((stub) => ({
    id: stub.id,
    name: stub.name,
    uploaded_at: stub.createdAt.toISOString(),
    reviewed_at: stub.reviewedAt?.toISOString() ?? null,
    url: documentFileUrl(String(stub.id)),
    stub_file_type: fileType(stub.contentType),
    content_type: stub.contentType,
  }));
  const current = paystubs.find((stub) => stub.reviewed_at === null) ?? paystubs[0];
  const today = businessToday(context.clock, context.businessTimeZone);
  return {
    review: {
      review_id: review.id,
      loan_id: loan.id,
      user_id: customer.id,
      user_name: customerName(customer),
      applied_amount: centsToDollars(principalOf(loan)),
      applied: dateInTimeZone(loan.appliedAt, context.businessTimeZone),
      paystubs,
      url: current?.url ?? '',
      stub_file_type: current?.stub_file_type ?? 'pdf',
      paystub_must_be_dated_on_or_after: minimumPaystubDate(loan.appliedAt, context.businessTimeZone),
      paystub_must_be_dated_on_or_before: latestPaystubDate(today),
      today,
      last_ticket_id: await findLatestTicketIdOfCustomer(context.db, customer.id),
      lease_expires_at: (review.leaseExpiresAt ?? until).toISOString(),
    },
    need_review_total: total,
  };
}
