import { useQueryClient } from '@tanstack/react-query';
import { userPageCalls, type ContactFlagRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useFlashedMutation } from '../../../lib/flashed-mutation.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { userKeys } from './query-keys.ts';

// PATCH users/contact_flag: DNC or DNL on (with a reason) or off; the server adds the note to the comments.
export function setContactFlag(input: ContactFlagRequest) {
  return callApi(userPageCalls.setContactFlag, { body: input });
}

export function useSetContactFlag({ mutationConfig }: { mutationConfig?: MutationConfig<typeof setContactFlag> } = {}) {
  const queryClient = useQueryClient();
  return useFlashedMutation(setContactFlag, mutationConfig, {
    before: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
