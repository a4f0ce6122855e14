import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { SetPasswordLinkResponse, StaffEmployee } from '@portal/contracts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { errorMessages } from '../../../lib/api-error.ts';
import { useDeactivateEmployee } from '../api/deactivate-employee.ts';
import { useReactivateEmployee } from '../api/reactivate-employee.ts';
import { useResendInvitation } from '../api/resend-invitation.ts';
import { useResetMfa } from '../api/reset-mfa.ts';
import { SetPasswordLink } from './set-password-link.tsx';

export type StaffAction = 'deactivate' | 'reactivate' | 'reset-mfa' | 'resend-invitation';

const wording: Record<StaffAction, { title: string; text: (name: string) => string; confirm: string; color: string }> =
  {
    deactivate: {
      title: 'Deactivate',
      text: (name) =>
        `${name} is signed out everywhere at once and cannot sign in until reactivated. Their tickets go back to the queue.`,
      confirm: 'Deactivate',
      color: 'red',
    },
    reactivate: {
      title: 'Reactivate',
      text: (name) => `${name} can sign in again with their password.`,
      confirm: 'Reactivate',
      color: 'indigo',
    },
    'reset-mfa': {
      title: 'Reset MFA',
      text: (name) =>
        `${name}'s authenticator stops working and their sessions end. At their next sign-in they set up a new device with Enable MFA first.`,
      confirm: 'Reset MFA',
      color: 'orange',
    },
    'resend-invitation': {
      title: 'Send a new invitation',
      text: (name) => `${name} gets a new set-password link; the earlier links stop working.`,
      confirm: 'Send new link',
      color: 'indigo',
    },
  };

function Confirm({ action, employee, onClose }: { action: StaffAction; employee: StaffEmployee; onClose: () => void }) {
  const [link, setLink] = useState<SetPasswordLinkResponse | null>(null);
  const config = { mutationConfig: { onSuccess: onClose } };
  const deactivate = useDeactivateEmployee(config);
  const reactivate = useReactivateEmployee(config);
  const resetMfa = useResetMfa(config);
  const resend = useResendInvitation({ mutationConfig: { onSuccess: setLink } });
  const mutation = { deactivate, reactivate, 'reset-mfa': resetMfa, 'resend-invitation': resend }[action];
  const words = wording[action];
  if (link) return <SetPasswordLink result={link} onDone={onClose} />;

  function run() {
    const input = { employee_id: employee.id };
    if (action === 'deactivate') deactivate.mutate(input);
    else if (action === 'reactivate') reactivate.mutate(input);
    else if (action === 'reset-mfa') resetMfa.mutate(input);
    else resend.mutate(input);
  }

  return (
    <Stack gap="sm">
      {mutation.isError && (
        <ErrorAlert title="Not done" errors={errorMessages(mutation.error)} onClose={() => mutation.reset()} />
      )}
      <Text fz="sm">{words.text(employee.name)}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color={words.color} loading={mutation.isPending} onClick={run}>
          {words.confirm}
        </Button>
      </Group>
    </Stack>
  );
}

export function ConfirmActionModal({
  pending,
  onClose,
}: {
  pending: { action: StaffAction; employee: StaffEmployee } | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={pending !== null}
      onClose={onClose}
      title={pending ? `${wording[pending.action].title}: ${pending.employee.name}` : ''}
      centered
    >
      {pending && <Confirm action={pending.action} employee={pending.employee} onClose={onClose} />}
    </Modal>
  );
}
