import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerCalls, type ActionResponse, type TakeMessageActionRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { flash } from '../../../lib/flash.ts';
import { ticketKeys } from '../../../lib/query-keys.ts';
import { recordTicketError } from '../../../lib/ticket-errors.ts';

// The request, and the ticket to refetch afterwards.
export type TakeMessageActionInput = TakeMessageActionRequest & { ticketId: number };

// POST users/take_message_action {message_action, loan_id}: does what a suggested action proposes.
export function takeMessageAction({ message_action, loan_id }: TakeMessageActionInput): Promise<ActionResponse> {
  return callApi(customerCalls.takeMessageAction, { body: { message_action, loan_id } });
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
