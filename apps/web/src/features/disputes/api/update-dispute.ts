import { disputeCalls, type DisputeAnswer, type UpdateDisputeBody } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useDisputeChange } from './use-dispute-change.ts';

// PATCH disputes_dashboard/update_dispute {id, dispute}: only the fields that changed; answers the
// dispute as saved.
export function updateDispute(body: UpdateDisputeBody): Promise<DisputeAnswer> {
  return callApi(disputeCalls.updateDispute, { body });
}

export function useUpdateDispute() {
  return useDisputeChange(updateDispute);
}
