import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { SetPasswordLinkResponse, StaffRole } from '@portal/contracts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { errorMessages } from '../../../lib/api-error.ts';
import { useInviteEmployee } from '../api/invite-employee.ts';
import { RolePicker } from './role-picker.tsx';
import { SetPasswordLink } from './set-password-link.tsx';

function InviteForm({
  roles,
  onInvited,
}: {
  roles: readonly StaffRole[];
  onInvited: (result: SetPasswordLinkResponse) => void;
}) {
  const invite = useInviteEmployee({ mutationConfig: { onSuccess: onInvited } });
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>(['agent']);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    invite.mutate({ email: email.trim(), name: name.trim(), roles: chosen });
  }

  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        {invite.isError && (
          <ErrorAlert title="Not invited" errors={errorMessages(invite.error)} onClose={() => invite.reset()} />
        )}
        <TextInput
          label="Work email"
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          data-autofocus
        />
        <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <RolePicker roles={roles} value={chosen} onChange={setChosen} />
        <Group justify="flex-end">
          <Button type="submit" loading={invite.isPending} disabled={chosen.length === 0}>
            Invite
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

// Invite by email: the employee gets a one-time link (24 hours) to choose their password.
export function InviteModal({
  opened,
  roles,
  onClose,
}: {
  opened: boolean;
  roles: readonly StaffRole[];
  onClose: () => void;
}) {
  const [result, setResult] = useState<SetPasswordLinkResponse | null>(null);
  function close() {
    setResult(null);
    onClose();
  }
  return (
    <Modal opened={opened} onClose={close} title={result ? 'Invitation made' : 'Invite an employee'} centered>
      {opened &&
        (result ? (
          <SetPasswordLink result={result} onDone={close} />
        ) : (
          <InviteForm roles={roles} onInvited={setResult} />
        ))}
    </Modal>
  );
}
