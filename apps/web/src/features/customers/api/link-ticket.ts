import { customerCalls, type LinkTicketRequest, type LinkTicketResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useFlashedMutation } from '../../../lib/flashed-mutation.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';

// POST users/link_ticket {ticket_id, user_id | email}: matches an unmatched ticket to a customer.
export function linkTicket(input: LinkTicketRequest): Promise<LinkTicketResponse> {
  return callApi(customerCalls.linkTicket, { body: input });
}

export function useLinkTicket({ mutationConfig }: { mutationConfig?: MutationConfig<typeof linkTicket> } = {}) {
  return useFlashedMutation(linkTicket, mutationConfig, {
    text: ({ ticket_id, user_id }) => `Ticket #${ticket_id} linked to customer #${user_id}`,
  });
}
