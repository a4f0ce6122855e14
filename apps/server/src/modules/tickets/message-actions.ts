import type { messageActions } from '@portal/contracts';
import type { TicketsDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { reopenApproval, resendApprovalText, sendPayoffBalance, toggleAutoDebit } from '../loans/index.ts';

export type MessageAction = (typeof messageActions)[number];

// POST users/take_message_action: the action a suggestion offers next to a customer's message,
// run by the same service as its own call.
export async function takeMessageAction(
  context: TicketsDeps,
  actor: Actor,
  action: MessageAction,
  loanId: number,
): Promise<{ message: string }> {
  switch (action) {
    case 'resend_approval_text':
      return resendApprovalText(context, actor, loanId);
    case 'toggle_ach':
      return toggleAutoDebit(context, actor, loanId);
    case 'reopen_approval':
      return reopenApproval(context, actor, loanId);
    case 'send_payoff_balance':
      return sendPayoffBalance(context, actor, loanId);
  }
}
