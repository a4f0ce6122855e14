import { useQueryClient } from '@tanstack/react-query';
import { userPageCalls, type OriginateMessageRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useFlashedMutation } from '../../../lib/flashed-mutation.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { userKeys } from './query-keys.ts';

// POST users/originate_message: a new email or text to the customer, in a new thread or their open one.
export function originateMessage(input: OriginateMessageRequest) {
  return callApi(userPageCalls.originateMessage, { body: input });
}

export function useOriginateMessage({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof originateMessage> } = {}) {
  const queryClient = useQueryClient();
  return useFlashedMutation(originateMessage, mutationConfig, {
    before: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
