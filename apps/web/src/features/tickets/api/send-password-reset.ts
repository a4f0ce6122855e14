import { useMutation } from '@tanstack/react-query';
import { sendPasswordResetResponse } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { flash } from '../../../lib/flash.ts';
import { recordTicketError } from '../../../lib/ticket-errors.ts';

// POST send_password_reset {id}: mails the ticket's customer the reset instructions.
export function sendPasswordReset(id: number): Promise<{ message: string }> {
  return apiRequest('send_password_reset', { method: 'POST', body: { id }, schema: sendPasswordResetResponse });
}

export function useSendPasswordReset() {
  return useMutation({
    mutationFn: sendPasswordReset,
    onSuccess: ({ message }) => flash(message),
    onError: (error, id) => recordTicketError(id, error),
  });
}
