import { useMutation, useQueryClient } from '@tanstack/react-query';
import { actionResponse, type EditableUserField } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { flash } from '../../../lib/flash.ts';
import { ticketKeys } from '../../../lib/query-keys.ts';
import { recordTicketError } from '../../../lib/ticket-errors.ts';

export type UpdateUserInfoInput = { id: number; parameter: EditableUserField; text: string };

// PATCH user_info {id, parameter, text}: id is the ticket's; the server edits the customer linked to
// it and answers {message}. The ticket is fetched again and shows the saved value.
export function updateUserInfo(input: UpdateUserInfoInput): Promise<{ message: string }> {
  return apiRequest('user_info', { method: 'PATCH', body: input, schema: actionResponse });
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
