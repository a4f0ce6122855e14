import { userPageCalls, type AddUserInfoRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useUserPageAction } from './use-user-page-action.ts';

// POST users/add_info: another email for the customer, kept beside the old ones; primary makes it the one we write to.
export function addUserInfo(input: AddUserInfoRequest) {
  return callApi(userPageCalls.addUserInfo, { body: input });
}

export function useAddUserInfo({ mutationConfig }: { mutationConfig?: MutationConfig<typeof addUserInfo> } = {}) {
  return useUserPageAction(addUserInfo, mutationConfig);
}
