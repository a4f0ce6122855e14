import { useQueryClient } from '@tanstack/react-query';
import { userPageCalls, type AddUserInfoRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useFlashedMutation } from '../../../lib/flashed-mutation.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { userKeys } from './query-keys.ts';

// POST users/add_info: another email for the customer, kept beside the old ones; primary makes it the one we write to.
export function addUserInfo(input: AddUserInfoRequest) {
  return callApi(userPageCalls.addUserInfo, { body: input });
}

export function useAddUserInfo({ mutationConfig }: { mutationConfig?: MutationConfig<typeof addUserInfo> } = {}) {
  const queryClient = useQueryClient();
  return useFlashedMutation(addUserInfo, mutationConfig, {
    before: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
