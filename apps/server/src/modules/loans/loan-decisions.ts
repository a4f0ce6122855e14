import { randomInt } from 'node:crypto';
import {
  APPROVAL_CODE_ALPHABET,
  APPROVAL_CODE_LENGTH,
  canAppeal,
  canApproveManually,
  canCancelLoan,
  canClearAlert,
  canConfirmCreditBuilder,
  canDecide,
  canReopenLoan,
  canSendManualDenial,
  dollarsToCents,
  formatDollars,
  showsAchToggle,
  type LoanInfo,
} from '@portal/contracts';
import { loanComments, type Transaction } from '@portal/db';
import type { LoansDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { conflict, unprocessable } from '../../platform/http-error.ts';
import { queuedMessageSentence, queueOutboundMessage } from '../../platform/outbound.ts';
import { issueUploadToken, uploadLinkUrl } from '../../platform/upload-link.ts';
import { clearanceOf, decideContact } from '../contact-rules/index.ts';
import { findCustomer } from '../customers/index.ts';
import { refuseWhileDebitsStopped } from './debit-stop.ts';
import { assertLoanRule, lockLoanForChange, type LockedLoan } from './loan-card.ts';
import { approvalText, queueLegallyRequiredEmail } from './loan-messages.ts';
import * as repository from './repository.ts';
import type { LoanRecord } from './repository.ts';
import { runLoanChange, type LoanChangeOutcome } from './run-loan-change.ts';

// The loan card's status buttons (spec 000 section 4): each checks the shared rule
// (contracts rules/loan-actions.ts) against the locked loan, writes, and records an audit event.

type LoanChange = (tx: Transaction, locked: LockedLoan) => Promise<LoanChangeOutcome>;

function changeLoan(
  context: Pick<LoansDeps, 'db' | 'clock' | 'businessTimeZone'>,
  loanId: number,
  lockVersion: number | undefined,
  change: LoanChange,
) {
  return runLoanChange(context, async (tx) => change(tx, await lockLoanForChange(tx, context, loanId, lockVersion)));
}

async function writeLoan(
  tx: Transaction,
  actor: Actor,
  loan: LoanRecord,
  action: string,
  values: Partial<LoanRecord>,
): Promise<void> {
  await repository.updateLoan(tx, loan.id, values);
  const before = Object.fromEntries(Object.keys(values).map((key) => [key, loan[key as keyof LoanRecord] ?? null]));
  await recordAuditEvent(tx, { ...actor, action, entityType: 'loan', entityId: loan.id, before, after: values });
}

function newApprovalCode(): string {
  return Array.from(
    { length: APPROVAL_CODE_LENGTH },
    () => APPROVAL_CODE_ALPHABET[randomInt(APPROVAL_CODE_ALPHABET.length)],
  ).join('');
}

function undecidedReason(card: LoanInfo): string {
  if (card.denied) return `Loan ${card.id} is already denied.`;
  if (card.approved) return `Loan ${card.id} is already approved.`;
  return `Loan ${card.id} is closed.`;
}

// POST loans/submit_decision {decision: approve | deny}.
export function submitDecision(
  context: LoansDeps,
  actor: Actor,
  input: { loan_id: number; decision: 'approve' | 'deny'; lock_version?: number },
) {
  return changeLoan(context, input.loan_id, input.lock_version, async (tx, { record, card }) => {
    assertLoanRule(canDecide(card), undecidedReason(card), card);
    const now = context.clock.now();
    if (input.decision === 'approve') {
      await writeLoan(tx, actor, record, 'loan.approved', { approvedAt: now, approvalCode: newApprovalCode() });
      return { loanId: record.id, message: `Loan ${record.id} is approved.` };
    }
    await writeLoan(tx, actor, record, 'loan.denied', { deniedAt: now, denyReason: 'manual_review' });
    return { loanId: record.id, message: `Loan ${record.id} is denied.` };
  });
}

// PATCH loans/confirm_cb: a Credit Builder account needs no underwriting; confirming approves it.
export function confirmCreditBuilder(
  context: LoansDeps,
  actor: Actor,
  input: { loan_id: number; lock_version?: number },
) {
  return changeLoan(context, input.loan_id, input.lock_version, async (tx, { record, card }) => {
    assertLoanRule(
      canConfirmCreditBuilder(card),
      card.type === 'CreditBuilder' ? undecidedReason(card) : `Loan ${card.id} is not a Credit Builder loan.`,
      card,
    );
    await writeLoan(tx, actor, record, 'loan.credit_builder_confirmed', {
      approvedAt: context.clock.now(),
      approvalCode: newApprovalCode(),
    });
    return { loanId: record.id, message: `Credit Builder loan ${record.id} is confirmed.` };
  });
}

// PATCH loans/cancel: an application or an offer not yet funded is closed.
export function cancelLoan(context: LoansDeps, actor: Actor, input: { loan_id: number; lock_version?: number }) {
  return changeLoan(context, input.loan_id, input.lock_version, async (tx, { record, card }) => {
    assertLoanRule(
      canCancelLoan(card),
      card.funded
        ? `Loan ${card.id} is funded, so it cannot be cancelled; it can be paid off or settled.`
        : `Loan ${card.id} is already closed.`,
      card,
    );
    await writeLoan(tx, actor, record, 'loan.cancelled', { closedAt: context.clock.now() });
    return { loanId: record.id, message: `Loan ${record.id} is cancelled.` };
  });
}

// PATCH loans/toggle_ach: automatic payments on or off, for an approved loan.
export function toggleLoanAch(
  context: Pick<LoansDeps, 'db' | 'clock' | 'businessTimeZone'>,
  actor: Actor,
  input: { loan_id: number; lock_version?: number },
) {
  return changeLoan(context, input.loan_id, input.lock_version, async (tx, { record, card }) => {
    assertLoanRule(
      showsAchToggle(card),
      `Loan ${card.id} is not approved, so it has no automatic payments to turn on or off.`,
      card,
    );
    const autoDebit = !record.autoDebit;
    // Not back on while a failed-debit stop is in force (12 CFR 1041.8(b)): a new authorization lifts it.
    if (autoDebit) await refuseWhileDebitsStopped(tx, record.customerId, card);
    await writeLoan(tx, actor, record, 'loan.auto_debit_toggled', { autoDebit });
    return {
      loanId: record.id,
      message: `Automatic payments (ACH) are now ${autoDebit ? 'ON' : 'OFF'} for loan ${record.id}.`,
    };
  });
}

// PATCH loans/clear_alert: the fraud alert in the loan's comments no longer holds it; a comment
// says who cleared it (written at the same instant, so it does not raise a new alert).
export function clearFraudAlert(context: LoansDeps, actor: Actor, input: { loan_id: number; lock_version?: number }) {
  return changeLoan(context, input.loan_id, input.lock_version, async (tx, { record, card }) => {
    assertLoanRule(
      canClearAlert(card),
      card.fraud_alert ? `Loan ${card.id} is already approved.` : `Loan ${card.id} has no fraud alert to clear.`,
      card,
    );
    const now = context.clock.now();
    await writeLoan(tx, actor, record, 'loan.fraud_alert_cleared', { alertClearedAt: now });
    await tx.insert(loanComments).values({
      loanId: record.id,
      employeeId: actor.employeeId,
      body: `Fraud alert cleared by ${actor.name}.`,
      createdAt: now,
    });
    return { loanId: record.id, message: `The fraud alert on loan ${record.id} is cleared.` };
  });
}

function manualDecisionRefusal(card: LoanInfo): string {
  if (card.approved) return `Loan ${card.id} is already approved.`;
  if (card.denial_sent) return `The denial of loan ${card.id} was already sent.`;
  if (card.statements.length < 3)
    return `Loan ${card.id} has ${card.statements.length} bank statements; a manual decision needs at least 3.`;
  if (card.deny_reason === 'stage_3') return `Loan ${card.id} was denied at stage 3, so it cannot be approved by hand.`;
  return `Loan ${card.id} is in stage 3 and not marked for manual review.`;
}

// POST loans/manual_denial_email: the loan is denied (if it was not) and the adverse action notice
// is emailed. The notice is owed by law, so Do Not Contact does not hold it back (decision 028).
export function sendManualDenial(context: LoansDeps, actor: Actor, input: { loan_id: number; lock_version?: number }) {
  return changeLoan(context, input.loan_id, input.lock_version, async (tx, { record, card }) => {
    assertLoanRule(canSendManualDenial(card), manualDecisionRefusal(card), card);
    const customer = await findCustomer(tx, record.customerId);
    if (!customer?.email)
      throw conflict(`The customer of loan ${record.id} has no email address to send the denial to.`);
    const now = context.clock.now();
    const denial = record.deniedAt ? {} : { deniedAt: now, denyReason: record.denyReason ?? 'manual_review' };
    await writeLoan(tx, actor, record, 'loan.denial_sent', { ...denial, denialSentAt: now });
    // Owed by law (ECOA / Regulation B adverse action notice).
    const notice = await queueLegallyRequiredEmail(
      tx,
      context,
      actor,
      { customerId: customer.id, email: customer.email },
      {
        path: 'denial_notice',
        subject: `About your loan application ${record.id}`,
        body: `Dear ${customer.firstName},\n\nThank you for applying. After reviewing your application and the bank statements you sent, we are unable to approve loan ${record.id} at this time.\n\nYou have the right to know why: reply to this email within 60 days and we will tell you the specific reasons. Under the Fair Credit Reporting Act you may also ask the consumer reporting agency we used for a free copy of your report within 60 days.\n\nYou are welcome to apply again in the future.`,
      },
      now,
    );
    return {
      loanId: record.id,
      message: `The denial of loan ${record.id}: ${queuedMessageSentence(notice)}`,
      afterCommit: async () => {
        context.outbox.nudge();
      },
    };
  });
}

// POST loans/manual_approval {amount}: a counter-offer. The loan is approved for `amount` (at most
// what was applied for) and the customer is texted the offer, unless they are Do Not Contact.
export function approveManually(
  context: LoansDeps,
  actor: Actor,
  input: { loan_id: number; amount: number; lock_version?: number },
) {
  return changeLoan(context, input.loan_id, input.lock_version, async (tx, { record, card }) => {
    assertLoanRule(canApproveManually(card), manualDecisionRefusal(card), card);
    const cents = dollarsToCents(input.amount);
    if (cents > record.appliedAmountCents)
      throw unprocessable(
        `A counter-offer can be at most the ${formatDollars(record.appliedAmountCents)} applied for.`,
      );
    const now = context.clock.now();
    await writeLoan(tx, actor, record, 'loan.manually_approved', {
      approvedAt: now,
      approvalCode: newApprovalCode(),
      approvedAmountCents: cents,
      deniedAt: null,
      denyReason: null,
    });
    const customer = await findCustomer(tx, record.customerId);
    const offer = `Loan ${record.id} is approved for ${formatDollars(cents)}.`;
    if (!customer?.phoneNumber)
      return { loanId: record.id, message: `${offer} The customer has no phone number, so no text was sent.` };
    const ask = {
      customerId: customer.id,
      channel: 'text',
      path: 'approval_text',
      to: customer.phoneNumber,
      employeeId: actor.employeeId,
      ipAddress: actor.ipAddress,
    } as const;
    const decision = await decideContact(tx, context, ask);
    if (decision.verdict.verdict === 'refuse')
      return { loanId: record.id, message: `${offer} ${decision.verdict.sentence}` };
    const counterOffer = await queueOutboundMessage(
      tx,
      {
        type: 'text',
        to: customer.phoneNumber,
        body: approvalText(context.customerAppUrl, customer.firstName, cents, record.id),
        customerId: customer.id,
        ticketId: await context.openTicketIdOf(tx, customer.id, 'text'),
        employeeId: actor.employeeId,
        clearance: clearanceOf(decision, ask),
      },
      now,
    );
    return {
      loanId: record.id,
      message: `${offer} The counter-offer: ${queuedMessageSentence(counterOffer)}`,
      afterCommit: async () => {
        context.outbox.nudge();
      },
    };
  });
}

// POST loans/appeal: the customer's latest loan, denied, goes back to review.
export function appealDenial(context: LoansDeps, actor: Actor, input: { loan_id: number; lock_version?: number }) {
  return changeLoan(context, input.loan_id, input.lock_version, async (tx, { record, card }) => {
    const latest = await repository.findLatestLoanOfCustomer(tx, record.customerId);
    assertLoanRule(
      canAppeal(card, latest ?? null),
      !card.denied
        ? `Loan ${card.id} is not denied, so there is nothing to appeal.`
        : `Only the customer's latest loan can be appealed; loan ${latest?.id} is newer.`,
      card,
    );
    await writeLoan(tx, actor, record, 'loan.appealed', {
      deniedAt: null,
      denyReason: null,
      denialSentAt: null,
      appealedAt: context.clock.now(),
    });
    // The spec's own words (section 4).
    return { loanId: record.id, message: 'Appeal successful' };
  });
}

// PATCH loans/reopen_loan: the latest loan, approved and closed before funding, is open again.
export function reopenLoan(
  context: Pick<LoansDeps, 'db' | 'clock' | 'businessTimeZone'>,
  actor: Actor,
  input: { loan_id: number; lock_version?: number },
) {
  return changeLoan(context, input.loan_id, input.lock_version, async (tx, { record, card }) => {
    const latest = await repository.findLatestLoanOfCustomer(tx, record.customerId);
    assertLoanRule(canReopenLoan(card, latest ?? null), reopenRefusal(card, latest?.id ?? null), card);
    await writeLoan(tx, actor, record, 'loan.approval_reopened', { closedAt: null });
    return {
      loanId: record.id,
      message: `Loan ${record.id} is reopened: the customer can accept the approved offer again.`,
    };
  });
}

export function reopenRefusal(
  card: Pick<LoanInfo, 'id' | 'denied' | 'approved' | 'funded' | 'closed_at'>,
  latestId: number | null,
): string {
  if (latestId !== null && latestId !== card.id)
    return `Only the customer's latest loan can be reopened; loan ${latestId} is newer.`;
  if (card.denied) return `Loan ${card.id} was denied, so there is no approval to reopen.`;
  if (!card.approved) return `Loan ${card.id} was never approved, so there is no approval to reopen.`;
  if (card.funded) return `Loan ${card.id} is already funded, so there is nothing to reopen.`;
  return `Loan ${card.id} is not closed, so there is nothing to reopen.`;
}

// PATCH loans/open_link: the customer's document upload link for the loan opens again.
export function openUploadLink(context: LoansDeps, actor: Actor, input: { loan: number; lock_version?: number }) {
  return changeLoan(context, input.loan, input.lock_version, async (tx, { record }) => {
    if (record.uploadOpen)
      return { loanId: record.id, message: `The upload link of loan ${record.id} is already open.` };
    await writeLoan(tx, actor, record, 'loan.upload_link_opened', { uploadOpen: true });
    const { token } = issueUploadToken(context, {
      loanId: record.id,
      customerId: record.customerId,
      kinds: ['identification', 'selfie', 'paystub'],
    });
    return {
      loanId: record.id,
      message: `The upload link of loan ${record.id} is open: the customer can send documents at ${uploadLinkUrl(context.customerAppUrl, record.id, token)}`,
    };
  });
}

// POST loans/comments: a note in the loan's comments box.
export function addLoanComment(context: LoansDeps, actor: Actor, input: { loan_id: number; comment: string }) {
  return changeLoan(context, input.loan_id, undefined, async (tx, { record }) => {
    const [comment] = await tx
      .insert(loanComments)
      .values({ loanId: record.id, employeeId: actor.employeeId, body: input.comment, createdAt: context.clock.now() })
      .returning({ id: loanComments.id });
    await recordAuditEvent(tx, {
      ...actor,
      action: 'loan.comment_added',
      entityType: 'loan',
      entityId: record.id,
      after: { commentId: comment?.id, body: input.comment },
    });
    return { loanId: record.id, message: 'Comment saved.' };
  });
}
