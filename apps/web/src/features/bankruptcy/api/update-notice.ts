import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bankruptcyNoticeCalls, type NoticeAnswer, type UpdateNoticeBody } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { noticeKeys } from './query-keys.ts';

export type UpdateNoticeInput = { id: number } & UpdateNoticeBody;

// PATCH bankruptcy_notices/{id} {notice: {parsed_data, type, user_id}}: the corrected notice.
export function updateNotice({ id, ...body }: UpdateNoticeInput): Promise<NoticeAnswer> {
  return callApi(bankruptcyNoticeCalls.updateNotice, { params: { id }, body });
}

// The answer is the notice as stored now: the screen shows it at once.
export function useUpdateNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotice,
    onSuccess: (answer) => queryClient.setQueryData(noticeKeys.detail(answer.notice.id), answer.notice),
  });
}
