import { useMutation, useQueryClient } from '@tanstack/react-query';
import { disputeCalls, type FrivolousDisputeResponse, type MarkFrivolousBody } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { disputeKeys } from './query-keys.ts';

// PATCH disputes_dashboard/mark_frivolous {id, reason}: the holder finds the dispute frivolous or
// irrelevant (12 CFR 1022.43(f)); its due date becomes the notice's, 5 business days later.
export function markDisputeFrivolous(body: MarkFrivolousBody): Promise<FrivolousDisputeResponse> {
  return callApi(disputeCalls.markDisputeFrivolous, { body });
}

export function useMarkDisputeFrivolous() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markDisputeFrivolous,
    onSuccess: (answer) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: disputeKeys.detail(answer.id) }),
        queryClient.invalidateQueries({ queryKey: disputeKeys.unresolvedLists() }),
      ]),
  });
}
