import { useQueryClient } from '@tanstack/react-query';
import { userPageCalls, type AllowNewPlaidRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useFlashedMutation } from '../../../lib/flashed-mutation.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { userKeys } from './query-keys.ts';

// PATCH users/allow_new_plaid: lets the customer make a new Plaid connection instead of repairing the old one.
export function allowNewPlaid(input: AllowNewPlaidRequest) {
  return callApi(userPageCalls.allowNewPlaid, { body: input });
}

export function useAllowNewPlaid({ mutationConfig }: { mutationConfig?: MutationConfig<typeof allowNewPlaid> } = {}) {
  const queryClient = useQueryClient();
  return useFlashedMutation(allowNewPlaid, mutationConfig, {
    before: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
