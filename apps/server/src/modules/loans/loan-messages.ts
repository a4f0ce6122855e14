import { formatDollars } from '@portal/contracts';
import type { Executor } from '@portal/db';
import type { LoansDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordChange } from '../../platform/audit.ts';
import { conflict, notFound } from '../../platform/http-error.ts';
import { commitMessage } from '../../platform/message-commit.ts';
import { queuedMessageSentence, queueOutboundMessage } from '../../platform/outbound.ts';
import { clearContact } from '../contact-rules/index.ts';
import { findCustomer } from '../customers/index.ts';
import { notActiveReason, principalOf } from './loan-state.ts';
import { payoffCentsAsOf } from './payoff.ts';
import * as repository from './repository.ts';
import { businessToday } from '../../platform/business-date.ts';

// The offer's page in the customer app (CUSTOMER_APP_URL), which is outside this system.
export function approvalText(customerAppUrl: string, firstName: string, amountCents: number, loanId: number): string {
  return `Good news, ${firstName}! Your loan of ${formatDollars(amountCents)} is approved. Open the app to review and accept your offer: ${customerAppUrl}/loans/${loanId}`;
}

// After the commit: the outbox's worker sends it (the request never waits for the provider); a
// refusal shows on the message in the customer's thread (Undelivered, with the provider's error).
function deliverSoon(context: Pick<LoansDeps, 'outbox'>): void {
  context.outbox.nudge();
}

// An email the law requires of us (an adverse action notice, the consumer-rights notice), queued in
// the customer's email conversation: the customer's flags do not hold it back, the gate still keeps
// it to their waking hours (decisions 028, 046). Answers the queued message.
export async function queueLegallyRequiredEmail(
  tx: Executor,
  context: Pick<LoansDeps, 'clock' | 'contactRules' | 'openTicketIdOf'>,
  actor: Actor,
  recipient: { customerId: number; email: string },
  email: { subject: string; body: string; path: 'denial_notice' | 'consumer_rights_notice' },
  now: Date,
) {
  const clearance = await clearContact(tx, context, {
    customerId: recipient.customerId,
    channel: 'email',
    path: email.path,
    to: recipient.email,
    employeeId: actor.employeeId,
    ipAddress: actor.ipAddress,
  });
  return queueOutboundMessage(
    tx,
    {
      type: 'email',
      to: recipient.email,
      subject: email.subject,
      body: email.body,
      customerId: recipient.customerId,
      ticketId: await context.openTicketIdOf(tx, recipient.customerId, 'email'),
      employeeId: actor.employeeId,
      clearance,
    },
    now,
  );
}

// POST users/resend_approval_text: the approval text again, for an offer still waiting to be accepted.
export async function resendApprovalText(
  context: Pick<LoansDeps, 'db' | 'clock' | 'outbox' | 'openTicketIdOf' | 'customerAppUrl' | 'contactRules'>,
  actor: Actor,
  loanId: number,
): Promise<{ message: string; held_until: string | null }> {
  const queued = await commitMessage(context.db, async (tx) => {
    const loan = await repository.findLoan(tx, loanId);
    if (!loan) throw notFound(`Loan ${loanId} was not found.`);
    if (loan.deniedAt) throw conflict(`Loan ${loanId} was denied, so there is no approval to text about.`);
    if (!loan.approvedAt) throw conflict(`Loan ${loanId} is not approved yet, so there is no approval text to send.`);
    if (loan.fundedAt)
      throw conflict(
        `Loan ${loanId} is already funded; the approval text is only for an offer waiting to be accepted.`,
      );
    if (loan.closedAt)
      throw conflict(`Loan ${loanId} is closed; reopen the approval before texting the customer about it.`);
    const customer = await findCustomer(tx, loan.customerId);
    const clearance = await clearContact(tx, context, {
      customerId: loan.customerId,
      channel: 'text',
      path: 'approval_text',
      to: customer?.phoneNumber ?? null,
      employeeId: actor.employeeId,
      ipAddress: actor.ipAddress,
    });
    if (!customer?.phoneNumber) throw conflict('The customer has no phone number on file, so no text can be sent.');
    const message = await queueOutboundMessage(
      tx,
      {
        type: 'text',
        to: customer.phoneNumber,
        body: approvalText(context.customerAppUrl, customer.firstName, principalOf(loan), loanId),
        customerId: customer.id,
        ticketId: await context.openTicketIdOf(tx, customer.id, 'text'),
        employeeId: actor.employeeId,
        clearance,
      },
      context.clock.now(),
    );
    await recordChange(tx, actor, 'loan.approval_text_sent', ['loan', loanId], { after: { messageId: message.id } });
    return message;
  });
  deliverSoon(context);
  // The spec's words when it goes out now; never "sent" while it is held.
  return queued.heldSentence === null
    ? { message: 'Text Sent', held_until: null }
    : { message: queuedMessageSentence(queued), held_until: queued.heldUntil?.toISOString() ?? null };
}

// The send_payoff_balance message action: today's payoff balance, by text when the customer has a
// phone on file, else by email.
export async function sendPayoffBalance(
  context: Pick<LoansDeps, 'db' | 'clock' | 'businessTimeZone' | 'outbox' | 'openTicketIdOf' | 'contactRules'>,
  actor: Actor,
  loanId: number,
): Promise<{ message: string }> {
  const { summary } = await commitMessage(context.db, async (tx) => {
    const loan = await repository.findLoan(tx, loanId);
    if (!loan) throw notFound(`Loan ${loanId} was not found.`);
    const reason = notActiveReason(loan);
    if (reason) throw conflict(reason);
    const customer = await findCustomer(tx, loan.customerId);
    if (!customer) throw notFound(`The customer of loan ${loanId} was not found.`);
    const type = customer.phoneNumber ? 'text' : 'email';
    const clearance = await clearContact(tx, context, {
      customerId: customer.id,
      channel: type,
      path: 'payoff_balance',
      to: customer.phoneNumber ?? customer.email,
      employeeId: actor.employeeId,
      ipAddress: actor.ipAddress,
    });
    const today = businessToday(context.clock, context.businessTimeZone);
    const cents = payoffCentsAsOf(loan, await repository.loanPayments(tx, loanId), today, context.businessTimeZone);
    const body = `Hi ${customer.firstName}, the payoff balance of your loan ${loanId} is ${formatDollars(cents)} as of ${today}. It grows a little each day with interest; reply to this message if you would like to schedule a payoff.`;
    const to = customer.phoneNumber ?? customer.email;
    const message = await queueOutboundMessage(
      tx,
      {
        type,
        to,
        subject: type === 'email' ? `Your payoff balance for loan ${loanId}` : null,
        body,
        customerId: customer.id,
        ticketId: await context.openTicketIdOf(tx, customer.id, type),
        employeeId: actor.employeeId,
        clearance,
      },
      context.clock.now(),
    );
    await recordChange(tx, actor, 'loan.payoff_balance_sent', ['loan', loanId], {
      after: { messageId: message.id, payoffCents: cents, asOf: today, channel: type },
    });
    return { summary: `Payoff balance of ${formatDollars(cents)} as of ${today}: ${queuedMessageSentence(message)}` };
  });
  deliverSoon(context);
  return { message: summary };
}
