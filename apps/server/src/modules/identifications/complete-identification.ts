import { eq } from 'drizzle-orm';
import {
  approvedVerificationCode,
  DEFAULT_DOCUMENT_REQUEST_REASON,
  VERIFICATION_CODES,
  verificationLabel,
  type CompleteIdentificationResponse,
  type IdentityDecision,
} from '@portal/contracts';
import { identityReviews, type Executor } from '@portal/db';
import type { IdentificationsDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { conflict, notFound } from '../../platform/http-error.ts';
import { heldNote, type QueuedMessage } from '../../platform/outbound.ts';
import {
  deliverSoon,
  openUploadLinkFor,
  queueCustomerNotice,
  queueCustomerNoticeUnlessRefused,
} from '../customer-documents/index.ts';
import {
  customerName,
  findCustomer,
  setCustomerVerification,
  writeCustomerComment,
  type CustomerRecord,
} from '../customers/index.ts';
import { closeApplication } from '../loans/index.ts';
import * as repository from './repository.ts';

// PATCH users/complete_identification {id, decision, reason?} (spec 001 sections 3, 4): the decision
// on one customer's identity documents, in one transaction with the review row locked, so of two
// reviewers deciding one card at once the second is refused (409) and nothing of theirs is written.
// - approve: the verification code becomes 2 (DL-SSN verified) when the SSN check passed, else 1;
//   the application goes on.
// - request: the customer is asked for new documents (text, else email, through the outbox) with
//   the reason and an upload link; the code becomes -1 until they arrive (a hold stays -7).
// - cancel / selfie: the pending loan is cancelled (selfie: the selfie did not match the licence),
//   the customer is told; the code becomes -1 (a hold stays -7).
// - manual_fraud_hold: the code becomes -7 and the card moves to the manual group, still open.

type Customer = CustomerRecord;
type Review = repository.IdentityReviewRecord;
type Outcome = { message: string; verified: number; notice: QueuedMessage | null };

async function closeReview(
  tx: Executor,
  review: Review,
  decision: Exclude<IdentityDecision, 'manual_fraud_hold'>,
  caller: Actor,
  at: Date,
  reason: string | null,
): Promise<void> {
  await tx
    .update(identityReviews)
    .set({ decision, decisionReason: reason, decidedAt: at, decidedBy: caller.employeeId })
    .where(eq(identityReviews.id, review.id));
}

// A code that says "not verified" unless the customer is on fraud hold, which only approval lifts.
const unverifiedCode = (customer: Customer) =>
  customer.verified === VERIFICATION_CODES.manualFraudHold
    ? VERIFICATION_CODES.manualFraudHold
    : VERIFICATION_CODES.dlNotVerified;

async function refusedTooLate(context: IdentificationsDeps, customerId: number): Promise<never> {
  const last = await repository.findLastDecidedReview(context.db, customerId);
  if (!last) throw notFound(`User ${customerId} has no identification waiting for review.`);
  const who = last.decidedBy ?? 'another employee';
  throw conflict(
    `The identification of user ${customerId} was already decided (${last.review.decision ?? 'closed'}) by ${who}; the card has left the list.`,
  );
}

async function decide(
  tx: Executor,
  context: IdentificationsDeps,
  caller: Actor,
  customer: Customer,
  review: Review,
  decision: IdentityDecision,
  reason: string | null,
): Promise<Outcome> {
  const now = context.clock.now();
  const name = customerName(customer);
  switch (decision) {
    case 'approve': {
      const code = approvedVerificationCode(review.analytics.checks);
      await setCustomerVerification(tx, customer.id, code, now);
      await closeReview(tx, review, 'approve', caller, now, null);
      return {
        message: `${name}'s identification is approved (${verificationLabel(code)}).${review.loanId ? ` Loan ${review.loanId} goes on.` : ''}`,
        verified: code,
        notice: null,
      };
    }
    case 'request': {
      if (!review.loanId)
        throw conflict(`User ${customer.id} has no application to send new documents for; cancel the card instead.`);
      const why = reason ?? DEFAULT_DOCUMENT_REQUEST_REASON;
      const link = await openUploadLinkFor(tx, context, { id: review.loanId, customerId: customer.id }, [
        'identification',
        'selfie',
      ]);
      const notice = await queueCustomerNotice(tx, context, caller, customer.id, {
        subject: 'We need new photos of your ID',
        body: `Hi ${customer.firstName}, we could not verify your identity for your loan application: ${why}. Please send new photos of the front and back of your driver's license and a selfie here: ${link}`,
      });
      const code = unverifiedCode(customer);
      await setCustomerVerification(tx, customer.id, code, now);
      await closeReview(tx, review, 'request', caller, now, why);
      return {
        message: `New documents requested from ${name} by ${notice.type === 'text' ? 'text' : 'email'}.${heldNote(notice)}`,
        verified: code,
        notice,
      };
    }
    case 'cancel':
    case 'selfie': {
      const why =
        decision === 'selfie'
          ? 'Cancelled at identification review: the selfie did not match the identification.'
          : `Cancelled at identification review${reason ? `: ${reason}` : '.'}`;
      if (review.loanId) {
        const refusal = await closeApplication(tx, caller, review.loanId, why, now);
        if (refusal) throw conflict(refusal);
      }
      const code = unverifiedCode(customer);
      await setCustomerVerification(tx, customer.id, code, now);
      await closeReview(tx, review, decision, caller, now, why);
      // Told unless the contact gate refuses it (Do Not Contact, cease, an attorney, the stay): the
      // cancellation stands either way.
      const notice = await queueCustomerNoticeUnlessRefused(tx, context, caller, customer.id, {
        subject: 'Your loan application was cancelled',
        body: `Hi ${customer.firstName}, we could not verify your identity${decision === 'selfie' ? ' from the selfie you sent' : ''}, so your loan application${review.loanId ? ` ${review.loanId}` : ''} has been cancelled. You are welcome to apply again.`,
      });
      return {
        message: `${review.loanId ? `Loan ${review.loanId} is cancelled` : `${name}'s identification is closed`}${decision === 'selfie' ? ' (selfie did not match)' : ''}.${heldNote(notice)}`,
        verified: code,
        notice,
      };
    }
    case 'manual_fraud_hold': {
      if (customer.verified === VERIFICATION_CODES.manualFraudHold)
        throw conflict(`${name} is already on manual fraud hold.`);
      await setCustomerVerification(tx, customer.id, VERIFICATION_CODES.manualFraudHold, now);
      await tx
        .update(identityReviews)
        .set({ heldAt: now, heldBy: caller.employeeId })
        .where(eq(identityReviews.id, review.id));
      return {
        message: `${name} is on manual fraud hold; the card is in Manual Hold Cases.`,
        verified: VERIFICATION_CODES.manualFraudHold,
        notice: null,
      };
    }
  }
}

export async function completeIdentification(
  context: IdentificationsDeps,
  caller: Actor,
  body: { id: number; decision: IdentityDecision; reason?: string | undefined },
): Promise<CompleteIdentificationResponse> {
  const reason = body.reason && body.reason !== '' ? body.reason : null;
  const outcome = await context.db.transaction(async (tx) => {
    const review = await repository.lockOpenReview(tx, body.id);
    if (!review) return null;
    const customer = await findCustomer(tx, body.id);
    if (!customer) throw notFound(`User ${body.id} was not found.`);
    const before = { verified: customer.verified };
    const decided = await decide(tx, context, caller, customer, review, body.decision, reason);
    await writeCustomerComment(tx, caller, {
      customerId: customer.id,
      body: `Identification review: ${decided.message}${reason && body.decision !== 'request' ? ` Reason: ${reason}` : ''}`,
      at: context.clock.now(),
      context: { identity_review_id: review.id },
    });
    await recordAuditEvent(tx, {
      employeeId: caller.employeeId,
      ipAddress: caller.ipAddress,
      action: `identification.${body.decision}`,
      entityType: 'identity_review',
      entityId: review.id,
      before,
      after: {
        user_id: customer.id,
        loan_id: review.loanId,
        decision: body.decision,
        verified: decided.verified,
        reason,
        message_id: decided.notice?.id ?? null,
      },
    });
    return decided;
  });
  if (!outcome) return refusedTooLate(context, body.id);
  deliverSoon(context, outcome.notice);
  return { message: outcome.message, user_id: body.id, decision: body.decision, verified: outcome.verified };
}
