import { customerCalls, type ActionResponse, type UpdateUserInfoRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useFlashedMutation } from '../../../lib/flashed-mutation.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';

// PATCH user_info {id, parameter, text}: id is the ticket's; the server edits the customer linked to
// it and answers {message}, which is flashed; the caller's onSuccess then refreshes what shows the value.
export function updateUserInfo(input: UpdateUserInfoRequest): Promise<ActionResponse> {
  return callApi(customerCalls.updateUserInfo, { body: input });
}

export function useUpdateUserInfo({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateUserInfo> } = {}) {
  return useFlashedMutation(updateUserInfo, mutationConfig);
}
