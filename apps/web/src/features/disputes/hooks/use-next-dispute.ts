import { useNavigate } from 'react-router';
import { useAssignDispute } from '../api/assign-dispute.ts';
import { failureMessages, flashDispute } from '../dispute-flash.ts';

type NextDisputeOptions = {
  // The detail page replaces itself with the next dispute, so Back does not return to one let go.
  replace?: boolean;
  // Runs first (the detail page lets go of the dispute it shows).
  before?: () => Promise<void>;
};

// Get Next Dispute: PATCH assign_dispute without an id hands me the next unresolved dispute, which
// opens.
export function useNextDispute({ replace = false, before }: NextDisputeOptions = {}) {
  const navigate = useNavigate();
  const assign = useAssignDispute();
  const getNext = async () => {
    await before?.();
    try {
      const answer = await assign.mutateAsync({});
      await navigate(`/disputes/${answer.dispute_id}`, { replace });
    } catch (error) {
      for (const message of failureMessages(error, 'Failed to assign dispute')) flashDispute(message, 'error');
    }
  };
  return { getNext, pending: assign.isPending };
}
