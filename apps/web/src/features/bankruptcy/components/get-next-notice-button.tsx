import { useNavigate } from 'react-router';
import { Button, type ButtonProps } from '@mantine/core';
import { NOTICE_MESSAGES } from '@portal/contracts';
import { ApiError } from '../../../lib/api-error.ts';
import { useAssignNextNotice } from '../api/assign-next-notice.ts';
import { flashFailure, flashTop } from '../notice-flash.ts';
import { bankruptcyPaths } from '../paths.ts';

// 'Get Next Notice' (spec 001 sections 2 and 8): the oldest unprocessed notice is assigned to me
// and opened; when none is left, an error says so.
export function GetNextNoticeButton(props: Omit<ButtonProps, 'children' | 'onClick' | 'disabled'>) {
  const navigate = useNavigate();
  const next = useAssignNextNotice();
  const getNext = () =>
    next.mutate(undefined, {
      onSuccess: (id) => void navigate(bankruptcyPaths.notice(id)),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 404) flashTop(NOTICE_MESSAGES.noneLeft, 'error');
        else flashFailure(error, NOTICE_MESSAGES.assignFailed);
      },
    });
  return (
    <Button {...props} onClick={getNext} disabled={next.isPending}>
      {next.isPending ? 'Assigning...' : 'Get Next Notice'}
    </Button>
  );
}
