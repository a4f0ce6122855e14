import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bankruptcyNoticeCalls, type ProcessNoticeResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { noticeKeys } from './query-keys.ts';

// POST bankruptcy_notices/{id}/process_notice: records the notice on the customer and closes it.
export function processNotice(id: number): Promise<ProcessNoticeResponse> {
  return callApi(bankruptcyNoticeCalls.processNotice, { params: { id } });
}

export function useProcessNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: processNotice,
    onSuccess: async (answer) => {
      queryClient.setQueryData(noticeKeys.detail(answer.notice.id), answer.notice);
      await queryClient.invalidateQueries({ queryKey: noticeKeys.unprocessed() });
    },
  });
}
