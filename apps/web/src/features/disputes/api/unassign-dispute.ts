import { disputeCalls } from '@portal/contracts';
import { callApi, sendKeepalive } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';
import { disputeKeys } from './query-keys.ts';

// PATCH disputes_dashboard/unassign_dispute {id}: lets go of a dispute I hold, back to unresolved.
export function unassignDispute(id: number): Promise<{ success: boolean }> {
  return callApi(disputeCalls.unassignDispute, { body: { id } });
}

// The same, as a request that outlives the page (the tab closed, the screen left).
export function releaseDispute(id: number): void {
  sendKeepalive(disputeCalls.unassignDispute, { body: { id } });
}

export function useUnassignDispute() {
  return useRefreshingMutation(unassignDispute, [disputeKeys.unresolvedLists()], 'settled');
}
