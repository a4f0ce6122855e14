import { useQueryClient } from '@tanstack/react-query';
import { userPageCalls, type AddCommentRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useFlashedMutation } from '../../../lib/flashed-mutation.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { userKeys } from './query-keys.ts';

// POST users/comments: a comment from the comments box.
export function addComment(input: AddCommentRequest) {
  return callApi(userPageCalls.addComment, { body: input });
}

export function useAddComment({ mutationConfig }: { mutationConfig?: MutationConfig<typeof addComment> } = {}) {
  const queryClient = useQueryClient();
  return useFlashedMutation(addComment, mutationConfig, {
    before: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
