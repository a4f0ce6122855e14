import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { BACK_OFFICE_LONG_FLASH_SECONDS, NOTICE_MESSAGES, type BankruptcyNotice } from '@portal/contracts';
import { ApiError } from '../../../lib/api-error.ts';
import { useSession } from '../../../lib/session.ts';
import { useInactivityTimer } from '../../../lib/use-inactivity-timer.ts';
import { useReleaseOnLeave } from '../../../lib/use-release-on-leave.ts';
import { useAssignNotice } from '../api/assign-notice.ts';
import { releaseNotice, unassignNotice } from '../api/unassign-notice.ts';
import { flashFailure, flashTop } from '../notice-flash.ts';
import { bankruptcyPaths } from '../paths.ts';

export const INACTIVITY_UNASSIGNED_MESSAGE = 'Notice was automatically unassigned due to inactivity';

export type NoticeHold = {
  // Assigned to me and not processed: I may edit and process it.
  heldByMe: boolean;
  heldByOther: boolean;
  secondsLeft: number | null;
  continueWorking: () => void;
};

// Who works the notice on screen (spec 001 sections 4 and 6). A ready notice is taken as it opens
// (once); someone else's is read-only, with a warning; mine is let go when I leave the screen or
// close the tab, or after 30 minutes without activity (then back to the list). The screen is
// mounted once per notice id, so these refs are per notice.
export function useNoticeHold(id: number, notice: BankruptcyNotice | undefined): NoticeHold {
  const me = useSession()?.employeeId ?? null;
  const navigate = useNavigate();
  const assign = useAssignNotice();
  const autoAssigned = useRef(false);
  const warned = useRef(false);
  const letGo = useRef(false);

  const status = notice?.status;
  const holder = notice?.employee_id ?? null;
  const heldByMe = status === 'assigned' && me !== null && holder === me;
  const heldByOther = status === 'assigned' && !heldByMe;
  const { mutate: assignMutate } = assign;

  useEffect(() => {
    if (status !== 'ready_for_assignment' || autoAssigned.current) return;
    autoAssigned.current = true;
    assignMutate(id, {
      // A 409 means another employee took it first: the notice, read again, shows that.
      onError: (error) => {
        if (!(error instanceof ApiError && error.status === 409))
          flashFailure(error, NOTICE_MESSAGES.assignFailed, BACK_OFFICE_LONG_FLASH_SECONDS);
      },
    });
  }, [id, status, assignMutate]);

  useEffect(() => {
    if (!heldByOther || warned.current) return;
    warned.current = true;
    flashTop(NOTICE_MESSAGES.heldByOther, 'warning', BACK_OFFICE_LONG_FLASH_SECONDS);
  }, [heldByOther]);

  useReleaseOnLeave(
    heldByMe
      ? () => {
          if (letGo.current) return;
          letGo.current = true;
          releaseNotice(id);
        }
      : null,
  );

  const { secondsLeft, continueWorking } = useInactivityTimer({
    enabled: heldByMe,
    onTimeout: () => {
      letGo.current = true;
      // The list is shown either way; a failed release runs out with the server's lease.
      void unassignNotice(id).catch(() => undefined);
      flashTop(INACTIVITY_UNASSIGNED_MESSAGE, 'warning', BACK_OFFICE_LONG_FLASH_SECONDS);
      void navigate(bankruptcyPaths.unprocessed);
    },
    // Renews my hold on the server while I work.
    onActivity: () => assignMutate(id),
  });

  return { heldByMe, heldByOther, secondsLeft, continueWorking };
}
