import { useMutation, useQueryClient } from '@tanstack/react-query';
import { disputeCalls, type AssignDisputeBody, type AssignDisputeResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { disputeKeys } from './query-keys.ts';

// PATCH disputes_dashboard/assign_dispute {id?}: with an id, that dispute is assigned to me (or my
// hold on it renewed); without, the next unresolved one is. Answers the dispute_id I now hold.
export function assignDispute(body: AssignDisputeBody): Promise<AssignDisputeResponse> {
  return callApi(disputeCalls.assignDispute, { body });
}

export function useAssignDispute({ mutationConfig }: { mutationConfig?: MutationConfig<typeof assignDispute> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: assignDispute,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: disputeKeys.unresolvedLists() });
      await onSuccess?.(...args);
    },
  });
}
