import { useMutation } from '@tanstack/react-query';
import { customerCalls, type LinkTicketRequest, type LinkTicketResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { flash } from '../../../lib/flash.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';

// POST users/link_ticket {ticket_id, user_id | email}: matches an unmatched ticket to a customer.
export function linkTicket(input: LinkTicketRequest): Promise<LinkTicketResponse> {
  return callApi(customerCalls.linkTicket, { body: input });
}

export function useLinkTicket({ mutationConfig = {} }: { mutationConfig?: MutationConfig<typeof linkTicket> } = {}) {
  const { onSuccess, ...config } = mutationConfig;
  return useMutation({
    ...config,
    mutationFn: linkTicket,
    onSuccess: async (...args) => {
      const [{ ticket_id, user_id }] = args;
      flash(`Ticket #${ticket_id} linked to customer #${user_id}`);
      await onSuccess?.(...args);
    },
  });
}
