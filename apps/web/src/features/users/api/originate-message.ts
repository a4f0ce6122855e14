import { useQueryClient } from '@tanstack/react-query';
import { userPageCalls, type OriginateMessageRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useFlashedMutation } from '../../../lib/flashed-mutation.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { userKeys } from './query-keys.ts';

// The message, and the key of its compose (sent as Idempotency-Key, never in the body).
export type OriginateMessageInput = OriginateMessageRequest & { idempotencyKey?: string };

// POST users/originate_message: a new email or text to the customer, in a new thread or their open one.
export function originateMessage({ idempotencyKey, ...input }: OriginateMessageInput) {
  return callApi(userPageCalls.originateMessage, { body: input }, idempotencyKey ? { idempotencyKey } : {});
}

export function useOriginateMessage({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof originateMessage> } = {}) {
  const queryClient = useQueryClient();
  return useFlashedMutation(originateMessage, mutationConfig, {
    before: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
