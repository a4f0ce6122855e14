import { useMutation, useQueryClient } from '@tanstack/react-query';
import { noteCalls, type MarkMentionsReadRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { MENTIONS_UNREAD_QUERY_KEY } from './get-mentions-unread.ts';
import { mentionKeys } from './query-keys.ts';

// PATCH mentions_read {ids}: my mentions marked read.
export function markMentionsRead(input: MarkMentionsReadRequest) {
  return callApi(noteCalls.markMentionsRead, { body: input });
}

// The badge takes the count the server answers at once; the inbox is fetched again.
export function useMarkMentionsRead({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof markMentionsRead> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: markMentionsRead,
    onSuccess: async (...args) => {
      queryClient.setQueryData(MENTIONS_UNREAD_QUERY_KEY, { unread: args[0].unread });
      await queryClient.invalidateQueries({ queryKey: mentionKeys.inbox() });
      await onSuccess?.(...args);
    },
  });
}
