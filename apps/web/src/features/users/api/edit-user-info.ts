import { useQueryClient } from '@tanstack/react-query';
import { userPageCalls, type EditUserInfoRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useFlashedMutation } from '../../../lib/flashed-mutation.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { userKeys } from './query-keys.ts';

// PATCH users/edit_info {id, parameter, text, force}: one field of the customer (422 for a bad value, 409 when another customer has it).
export function editUserInfo(input: EditUserInfoRequest) {
  return callApi(userPageCalls.editUserInfo, { body: input });
}

export function useEditUserInfo({ mutationConfig }: { mutationConfig?: MutationConfig<typeof editUserInfo> } = {}) {
  const queryClient = useQueryClient();
  return useFlashedMutation(editUserInfo, mutationConfig, {
    before: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
