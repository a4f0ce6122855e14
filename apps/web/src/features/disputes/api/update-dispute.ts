import { useMutation, useQueryClient } from '@tanstack/react-query';
import { disputeCalls, type DisputeAnswer, type UpdateDisputeBody } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { disputeKeys } from './query-keys.ts';

// PATCH disputes_dashboard/update_dispute {id, dispute}: only the fields that changed; answers the
// dispute as saved.
export function updateDispute(body: UpdateDisputeBody): Promise<DisputeAnswer> {
  return callApi(disputeCalls.updateDispute, { body });
}

export function useUpdateDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDispute,
    onSuccess: (answer) => {
      queryClient.setQueryData(disputeKeys.detail(answer.dispute.id), answer.dispute);
      return queryClient.invalidateQueries({ queryKey: disputeKeys.unresolvedLists() });
    },
  });
}
