import { userPageCalls, type OriginateMessageRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useUserPageAction } from './use-user-page-action.ts';

// The message, and the key of its compose (sent as Idempotency-Key, never in the body).
export type OriginateMessageInput = OriginateMessageRequest & { idempotencyKey?: string };

// POST users/originate_message: a new email or text to the customer, in a new thread or their open one.
export function originateMessage({ idempotencyKey, ...input }: OriginateMessageInput) {
  return callApi(userPageCalls.originateMessage, { body: input }, idempotencyKey ? { idempotencyKey } : {});
}

export function useOriginateMessage({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof originateMessage> } = {}) {
  return useUserPageAction(originateMessage, mutationConfig);
}
