import type { messageActions } from '@portal/contracts';
import type { TicketsDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { reopenApproval, resendApprovalText, sendPayoffBalance, toggleAutoDebit } from '../loans/index.ts';
import { findOpenTicketIdOfCustomer } from './open-ticket.ts';

export type MessageAction = (typeof messageActions)[number];

// POST users/take_message_action: the action a suggestion offers next to a customer's message,
// run by the same service as its own call.
export async function takeMessageAction(
  context: TicketsDeps,
  actor: Actor,
  action: MessageAction,
  loanId: number,
): Promise<{ message: string }> {
  // The loans' messages join the customer's open ticket, which this module answers.
  const loans = { ...context, openTicketIdOf: findOpenTicketIdOfCustomer };
  switch (action) {
    case 'resend_approval_text':
      return resendApprovalText(loans, actor, loanId);
    case 'toggle_ach':
      return toggleAutoDebit(loans, actor, loanId);
    case 'reopen_approval':
      return reopenApproval(loans, actor, loanId);
    case 'send_payoff_balance':
      return sendPayoffBalance(loans, actor, loanId);
  }
}
