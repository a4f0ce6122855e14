import { userPageCalls, type ContactFlagRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useUserPageAction } from './use-user-page-action.ts';

// PATCH users/contact_flag: DNC or DNL on (with a reason) or off; the server adds the note to the comments.
export function setContactFlag(input: ContactFlagRequest) {
  return callApi(userPageCalls.setContactFlag, { body: input });
}

export function useSetContactFlag({ mutationConfig }: { mutationConfig?: MutationConfig<typeof setContactFlag> } = {}) {
  return useUserPageAction(setContactFlag, mutationConfig);
}
