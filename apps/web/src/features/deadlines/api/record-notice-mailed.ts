import { deadlineCalls, type NoticeMailedResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';
import { deadlineKeys } from './query-keys.ts';

// POST deadlines/notice_mailed {id}: a legally required notice no channel carried was mailed on
// paper (issue 37), so it leaves the list.
export function recordNoticeMailed(id: number): Promise<NoticeMailedResponse> {
  return callApi(deadlineCalls.noticeMailed, { body: { id } });
}

export function useRecordNoticeMailed() {
  // Refused too (a colleague recorded it first), the list is read again; the call resolves once
  // it has been, so the screen never shows a mailed notice as still to mail.
  return useRefreshingMutation(recordNoticeMailed, [deadlineKeys.all], 'settled');
}
