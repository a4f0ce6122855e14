import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DisputeAnswer } from '@portal/contracts';
import { disputeKeys } from './query-keys.ts';

// A change that answers the dispute as saved: the detail shows it at once, and the unresolved
// lists (which show its state) are read again before the mutation resolves.
export function useDisputeChange<Input>(call: (input: Input) => Promise<DisputeAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      queryClient.setQueryData(disputeKeys.detail(answer.dispute.id), answer.dispute);
      return queryClient.invalidateQueries({ queryKey: disputeKeys.unresolvedLists() });
    },
  });
}
