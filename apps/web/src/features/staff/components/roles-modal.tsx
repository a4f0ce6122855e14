import { useState } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import type { StaffEmployee, StaffRole } from '@portal/contracts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { errorMessages } from '../../../lib/api-error.ts';
import { useUpdateRoles } from '../api/update-roles.ts';
import { RolePicker } from './role-picker.tsx';

function RolesForm({
  employee,
  roles,
  onClose,
}: {
  employee: StaffEmployee;
  roles: readonly StaffRole[];
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<string[]>(employee.roles);
  const update = useUpdateRoles({ mutationConfig: { onSuccess: onClose } });
  return (
    <Stack gap="sm">
      {update.isError && (
        <ErrorAlert title="Not saved" errors={errorMessages(update.error)} onClose={() => update.reset()} />
      )}
      <RolePicker roles={roles} value={chosen} onChange={setChosen} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button loading={update.isPending} onClick={() => update.mutate({ employee_id: employee.id, roles: chosen })}>
          Save roles
        </Button>
      </Group>
    </Stack>
  );
}

export function RolesModal({
  employee,
  roles,
  onClose,
}: {
  employee: StaffEmployee | null;
  roles: readonly StaffRole[];
  onClose: () => void;
}) {
  return (
    <Modal opened={employee !== null} onClose={onClose} title={employee ? `Roles of ${employee.name}` : ''} centered>
      {employee && <RolesForm employee={employee} roles={roles} onClose={onClose} />}
    </Modal>
  );
}
