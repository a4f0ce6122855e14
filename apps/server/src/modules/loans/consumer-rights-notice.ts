import { formatDollars, formatNoticeDate } from '@portal/contracts';
import type { Executor } from '@portal/db';
import type { LoansDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordNoticeToMail } from '../../platform/outbound.ts';
import type { CustomerRecord } from '../customers/index.ts';
import { queueLegallyRequiredEmail } from './loan-messages.ts';

// The consumer-rights notice of 12 CFR 1041.9(c), sent when two withdrawals in a row failed and
// automatic debits stopped (decision 048). It carries the elements 1041.9(c)(2) lists: that the
// last two withdrawals failed, each with its date, amount, channel and return; that the law
// forbids trying again without the customer's new permission; the loans it concerns; what the
// customer can do; and where to learn more. Not the CFPB's model form A-5 word for word.

export type FailedTransfer = {
  presentedOn: string;
  amountCents: number;
  loanId: number;
  method: 'ach' | 'debit';
  code: string;
  title: string;
};

const channel = (method: FailedTransfer['method']) => (method === 'ach' ? 'bank account (ACH)' : 'debit card');
const loanList = (loanIds: readonly number[]) =>
  loanIds.length === 1 ? `loan ${loanIds[0]}` : `loans ${loanIds.slice(0, -1).join(', ')} and ${loanIds.at(-1)}`;

export function consumerRightsNotice(
  firstName: string,
  failures: readonly FailedTransfer[],
  stoppedLoanIds: readonly number[],
): { subject: string; body: string } {
  const attempts = failures
    .map(
      (failure) =>
        `- ${formatNoticeDate(failure.presentedOn)}: ${formatDollars(failure.amountCents)} from your ${channel(failure.method)} for loan ${failure.loanId}, returned by your bank: ${failure.code} (${failure.title})`,
    )
    .join('\n');
  const stopped =
    stoppedLoanIds.length === 0
      ? 'We will not withdraw any payment for your loans with us.'
      : `We have stopped the automatic withdrawals for ${loanList(stoppedLoanIds)}.`;
  return {
    subject: 'Alert: we can no longer withdraw your loan payments automatically',
    body: [
      `Hi ${firstName},`,
      'Consumer rights notice: we tried to withdraw payments from your account, and your bank returned our last two attempts:',
      attempts,
      `To protect your account, federal law (12 CFR 1041.8) does not allow us to try to withdraw payments from your account again unless you give us new permission. ${stopped}`,
      'Your payments are still due. You can give us new permission to withdraw them, or pay another way: reply to this email and we will help.',
      'The Consumer Financial Protection Bureau requires us to send you this notice. To learn more about your rights, visit consumerfinance.gov.',
    ].join('\n\n'),
  };
}

// The one place the notice is queued: an email into the customer's email conversation. Owed by
// law, so the contact gate does not let the customer's flags hold it back, only their hours
// (decision 046). Without an email address on file it is recorded to be mailed on paper (the
// deadlines screen lists it, issue 37). Answers the message's id, and the gate's sentence when it
// held the email for the customer's quiet hours.
export async function queueConsumerRightsNotice(
  tx: Executor,
  context: Pick<LoansDeps, 'clock' | 'contactRules' | 'openTicketIdOf'>,
  actor: Actor,
  customer: CustomerRecord,
  notice: { subject: string; body: string },
): Promise<{ id: number; heldSentence: string | null }> {
  if (!customer.email) {
    const toMail = await recordNoticeToMail(tx, {
      path: 'consumer_rights_notice',
      customerId: customer.id,
      subject: notice.subject,
      body: notice.body,
      why: 'No email address on file: mail the notice.',
      employeeId: actor.employeeId,
      now: context.clock.now(),
    });
    return { id: toMail.id, heldSentence: null };
  }
  const message = await queueLegallyRequiredEmail(
    tx,
    context,
    actor,
    { customerId: customer.id, email: customer.email },
    { ...notice, path: 'consumer_rights_notice' },
    context.clock.now(),
  );
  return { id: message.id, heldSentence: message.heldSentence };
}
