import { userPageCalls, type EditUserInfoRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useUserPageAction } from './use-user-page-action.ts';

// PATCH users/edit_info {id, parameter, text, force}: one field of the customer (422 for a bad value, 409 when another customer has it).
export function editUserInfo(input: EditUserInfoRequest) {
  return callApi(userPageCalls.editUserInfo, { body: input });
}

export function useEditUserInfo({ mutationConfig }: { mutationConfig?: MutationConfig<typeof editUserInfo> } = {}) {
  return useUserPageAction(editUserInfo, mutationConfig);
}
