import { disputeCalls, type DisputeAnswer, type ResolveDisputeBody } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useDisputeChange } from './use-dispute-change.ts';

// PATCH disputes_dashboard/resolve_dispute {id, response_type, consumer_disagrees,
// in_consumers_favour}: the API value of the chosen response type and the outcome for credit
// reporting; the server checks what they need, as resolveProblems does here.
export function resolveDispute(body: ResolveDisputeBody): Promise<DisputeAnswer> {
  return callApi(disputeCalls.resolveDispute, { body });
}

export function useResolveDispute() {
  return useDisputeChange(resolveDispute);
}
