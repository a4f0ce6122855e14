import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bankruptcyNoticeCalls } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { noticeKeys } from './query-keys.ts';

// PATCH bankruptcy_notices/{id}/assign: takes the notice (when free), or renews my hold on it.
export async function assignNotice(id: number): Promise<number> {
  const answer = await callApi(bankruptcyNoticeCalls.assignNotice, { params: { id } });
  return answer.notice.id;
}

// The notice is read again afterwards, whatever the answer: it shows who holds it now.
export function useAssignNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignNotice,
    onSettled: (_answer, _error, id) => queryClient.invalidateQueries({ queryKey: noticeKeys.detail(id) }),
  });
}
