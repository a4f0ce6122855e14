import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerCalls, type LinkTicketRequest, type LinkTicketResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { flash } from '../../../lib/flash.ts';
import { ticketKeys } from '../../../lib/query-keys.ts';
import { recordTicketError } from '../../../lib/ticket-errors.ts';

// POST users/link_ticket {ticket_id, user_id | email}: matches an unmatched ticket to a customer.
export function linkTicket(input: LinkTicketRequest): Promise<LinkTicketResponse> {
  return callApi(customerCalls.linkTicket, { body: input });
}

export function useLinkTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkTicket,
    onSuccess: async ({ ticket_id, user_id }) => {
      flash(`Ticket #${ticket_id} linked to customer #${user_id}`);
      await queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticket_id) });
      void queryClient.invalidateQueries({ queryKey: ticketKeys.queue() });
    },
    onError: (error, { ticket_id }) => recordTicketError(ticket_id, error),
  });
}
