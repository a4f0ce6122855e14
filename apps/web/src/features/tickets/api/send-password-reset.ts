import { useMutation } from '@tanstack/react-query';
import { ticketCalls, type SendPasswordResetResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { flash } from '../../../lib/flash.ts';
import { recordTicketError } from '../ticket-errors.ts';

// POST send_password_reset {id}: mails the ticket's customer the reset instructions.
export function sendPasswordReset(id: number): Promise<SendPasswordResetResponse> {
  return callApi(ticketCalls.sendPasswordReset, { body: { id } });
}

export function useSendPasswordReset() {
  return useMutation({
    mutationFn: sendPasswordReset,
    onSuccess: ({ message }) => flash(message),
    onError: (error, id) => recordTicketError(id, error),
  });
}
