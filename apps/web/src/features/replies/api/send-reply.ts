import { useMutation } from '@tanstack/react-query';
import { sendReplyResponse, type Message } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { recordTicketError } from '../../../lib/ticket-errors.ts';

export type SendReplyInput = { id: number; reply: string; macro_id: number | null; filter_id: string | null };
export type SendReplyResult = { ticket_id: number; message: Message };

// POST send_reply {id, reply, macro_id, filter_id}: sends the reply on the ticket's channel and closes the ticket.
export function sendReply(input: SendReplyInput): Promise<SendReplyResult> {
  return apiRequest('send_reply', { method: 'POST', body: input, schema: sendReplyResponse });
}

export function useSendReply(onSent: (result: SendReplyResult) => void) {
  return useMutation({
    mutationFn: sendReply,
    onSuccess: onSent,
    onError: (error, input) => recordTicketError(input.id, error),
  });
}
