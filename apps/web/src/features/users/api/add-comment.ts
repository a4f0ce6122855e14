import { userPageCalls, type AddCommentRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useUserPageAction } from './use-user-page-action.ts';

// POST users/comments: a comment from the comments box.
export function addComment(input: AddCommentRequest) {
  return callApi(userPageCalls.addComment, { body: input });
}

export function useAddComment({ mutationConfig }: { mutationConfig?: MutationConfig<typeof addComment> } = {}) {
  return useUserPageAction(addComment, mutationConfig);
}
