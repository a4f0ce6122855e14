import { useMutation } from '@tanstack/react-query';
import { bankruptcyNoticeCalls } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';

// PATCH bankruptcy_notices/assign: the next unprocessed notice, oldest first, is assigned to me;
// a 404 when none is left.
export async function assignNextNotice(): Promise<number> {
  const answer = await callApi(bankruptcyNoticeCalls.assignNextNotice, {});
  return answer.notice.id;
}

export function useAssignNextNotice() {
  return useMutation({ mutationFn: assignNextNotice });
}
