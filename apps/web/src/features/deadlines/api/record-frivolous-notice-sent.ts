import { disputeCalls, type FrivolousDisputeResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';
import { deadlineKeys } from './query-keys.ts';

// PATCH disputes_dashboard/frivolous_notice_sent {id}: the notice of a frivolous determination went
// to the consumer, so its deadline is met and leaves the list.
export function recordFrivolousNoticeSent(id: number): Promise<FrivolousDisputeResponse> {
  return callApi(disputeCalls.frivolousNoticeSent, { body: { id } });
}

export function useRecordFrivolousNoticeSent() {
  return useRefreshingMutation(recordFrivolousNoticeSent, [deadlineKeys.all]);
}
