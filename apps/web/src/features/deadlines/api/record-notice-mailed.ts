import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deadlineCalls, type NoticeMailedResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { deadlineKeys } from './query-keys.ts';

// POST deadlines/notice_mailed {id}: a legally required notice no channel carried was mailed on
// paper (issue 37), so it leaves the list.
export function recordNoticeMailed(id: number): Promise<NoticeMailedResponse> {
  return callApi(deadlineCalls.noticeMailed, { body: { id } });
}

export function useRecordNoticeMailed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordNoticeMailed,
    // Refused too (a colleague recorded it first), the list is read again; the call resolves once
    // it has been, so the screen never shows a mailed notice as still to mail.
    onSettled: () => queryClient.invalidateQueries({ queryKey: deadlineKeys.all }),
  });
}
