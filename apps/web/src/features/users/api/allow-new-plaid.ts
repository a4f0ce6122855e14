import { userPageCalls, type AllowNewPlaidRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useUserPageAction } from './use-user-page-action.ts';

// PATCH users/allow_new_plaid: lets the customer make a new Plaid connection instead of repairing the old one.
export function allowNewPlaid(input: AllowNewPlaidRequest) {
  return callApi(userPageCalls.allowNewPlaid, { body: input });
}

export function useAllowNewPlaid({ mutationConfig }: { mutationConfig?: MutationConfig<typeof allowNewPlaid> } = {}) {
  return useUserPageAction(allowNewPlaid, mutationConfig);
}
