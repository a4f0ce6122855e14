import { useMutation } from '@tanstack/react-query';
import { messageCalls, type SendReplyRequest, type SendReplyResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';

// The reply, and the key of its compose (sent as Idempotency-Key, never in the body).
export type SendReplyInput = SendReplyRequest & { idempotencyKey?: string };

// POST send_reply {id, reply, macro_id, filter_id}: sends the reply on the ticket's channel and closes the ticket.
export function sendReply({ idempotencyKey, ...input }: SendReplyInput): Promise<SendReplyResponse> {
  return callApi(messageCalls.sendReply, { body: input }, idempotencyKey ? { idempotencyKey } : {});
}

export function useSendReply({ mutationConfig }: { mutationConfig?: MutationConfig<typeof sendReply> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: sendReply });
}
