import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { DISPUTE_MESSAGES, type Dispute } from '@portal/contracts';
import { useInactivityTimer } from '../../../lib/use-inactivity-timer.ts';
import { useReleaseOnLeave } from '../../../lib/use-release-on-leave.ts';
import { useAssignDispute } from '../api/assign-dispute.ts';
import { disputeKeys } from '../api/query-keys.ts';
import { releaseDispute, useUnassignDispute } from '../api/unassign-dispute.ts';
import { failureMessages, flashDispute } from '../dispute-flash.ts';

export type DisputeHold = {
  // I hold the assignment: the dispute is mine to edit and resolve.
  holding: boolean;
  heldByOther: boolean;
  assigning: boolean;
  // Lets go of the dispute now (Back, Get Next), if I hold it; leaving the page then sends nothing more.
  letGo: () => Promise<void>;
  // The dispute is done with by other means (resolved): leaving the page sends nothing.
  settle: () => void;
  secondsLeft: number | null;
  continueWorking: () => void;
};

// Who works the dispute on screen (spec 001 section 4): opening an unresolved dispute assigns it to
// me (once); one someone else holds is read-only with a warning; leaving the page, closing the tab
// or 30 minutes without activity let go of it; activity renews my hold on the server.
export function useDisputeHold(dispute: Dispute, me: number | null): DisputeHold {
  const { id, status, employee_id: holder } = dispute;
  const holding = status === 'assigned' && me !== null && holder === me;
  const heldByOther = status === 'assigned' && holder !== null && holder !== me;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { mutate: assign, isPending: assigning } = useAssignDispute();
  const { mutateAsync: unassign } = useUnassignDispute();
  const settled = useRef(false);
  const autoAssigned = useRef(false);
  const warned = useRef(false);

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: disputeKeys.detail(id) }),
    [queryClient, id],
  );

  useEffect(() => {
    if (status !== 'unresolved' || me === null || autoAssigned.current) return;
    autoAssigned.current = true;
    assign(
      { id },
      {
        onError: (error) => {
          for (const message of failureMessages(error, 'Failed to assign dispute')) flashDispute(message, 'error');
        },
        onSettled: () => void refresh(),
      },
    );
  }, [status, me, id, assign, refresh]);

  useEffect(() => {
    if (!heldByOther || warned.current) return;
    warned.current = true;
    flashDispute(DISPUTE_MESSAGES.heldByOther, 'warning', true);
  }, [heldByOther]);

  const release = useCallback(() => {
    if (!settled.current) releaseDispute(id);
  }, [id]);
  useReleaseOnLeave(holding ? release : null);

  const settle = useCallback(() => {
    settled.current = true;
  }, []);

  const letGo = useCallback(async () => {
    if (!holding || settled.current) return;
    settled.current = true;
    try {
      await unassign(id);
    } catch {
      flashDispute('Failed to unassign dispute', 'error');
    }
  }, [holding, unassign, id]);

  const timer = useInactivityTimer({
    enabled: holding,
    onTimeout: () => {
      void letGo().then(async () => {
        flashDispute(DISPUTE_MESSAGES.inactivity, 'warning', true);
        await navigate('/disputes/unresolved');
      });
    },
    // Renews my hold, so the server does not hand the dispute to someone else while I work on it.
    onActivity: () => assign({ id }, { onError: () => void refresh() }),
  });

  return { holding, heldByOther, assigning, letGo, settle, ...timer };
}
