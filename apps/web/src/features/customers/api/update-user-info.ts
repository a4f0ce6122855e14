import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerCalls, type ActionResponse, type UpdateUserInfoRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { flash } from '../../../lib/flash.ts';
import { ticketKeys } from '../../../lib/query-keys.ts';
import { recordTicketError } from '../../../lib/ticket-errors.ts';

// PATCH user_info {id, parameter, text}: id is the ticket's; the server edits the customer linked to
// it and answers {message}. The ticket is fetched again and shows the saved value.
export function updateUserInfo(input: UpdateUserInfoRequest): Promise<ActionResponse> {
  return callApi(customerCalls.updateUserInfo, { body: input });
}

export function useUpdateUserInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserInfo,
    onSuccess: async ({ message }, { id }) => {
      flash(message);
      await queryClient.invalidateQueries({ queryKey: ticketKeys.detail(id) });
    },
    onError: (error, { id }) => recordTicketError(id, error),
  });
}
