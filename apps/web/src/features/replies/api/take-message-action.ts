import { useMutation, useQueryClient } from '@tanstack/react-query';
import { actionResponse, type messageActions } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { flash } from '../../../lib/flash.ts';
import { ticketKeys } from '../../../lib/query-keys.ts';
import { recordTicketError } from '../../../lib/ticket-errors.ts';

export type MessageAction = (typeof messageActions)[number];
export type TakeMessageActionInput = { ticketId: number; message_action: MessageAction; loan_id: number };

// POST users/take_message_action {message_action, loan_id}: does what a suggested action proposes.
export function takeMessageAction({ message_action, loan_id }: TakeMessageActionInput): Promise<{ message: string }> {
  return apiRequest('users/take_message_action', { method: 'POST', body: { message_action, loan_id }, schema: actionResponse });
}

export function useTakeMessageAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeMessageAction,
    onSuccess: ({ message }, { ticketId }) => {
      flash(message);
      void queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticketId) });
    },
    onError: (error, { ticketId }) => recordTicketError(ticketId, error),
  });
}
