import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { StaffEmployee } from '@portal/contracts';
import { DotsIcon } from '../../../components/dots-icon.tsx';
import { errorMessages } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useStaff } from '../api/get-staff.ts';
import { ConfirmActionModal, type StaffAction } from './confirm-action-modal.tsx';
import { InviteModal } from './invite-modal.tsx';
import { RolesModal } from './roles-modal.tsx';
import { SessionsModal } from './sessions-modal.tsx';

const mfaBadge: Record<StaffEmployee['mfa'], { label: string; color: string }> = {
  on: { label: 'MFA on', color: 'teal' },
  pending: { label: 'MFA enrolling', color: 'yellow' },
  off: { label: 'MFA off', color: 'gray' },
};

function Status({ employee }: { employee: StaffEmployee }) {
  if (!employee.active)
    return (
      <Badge color="red" variant="light">
        Deactivated
      </Badge>
    );
  if (employee.invited)
    return (
      <Badge color="yellow" variant="light">
        Invited
      </Badge>
    );
  return (
    <Badge color="teal" variant="light">
      Active
    </Badge>
  );
}

type RowHandlers = {
  onRoles: (employee: StaffEmployee) => void;
  onSessions: (employee: StaffEmployee) => void;
  onAction: (action: StaffAction, employee: StaffEmployee) => void;
};

function EmployeeRow({ employee, isMe, handlers }: { employee: StaffEmployee; isMe: boolean; handlers: RowHandlers }) {
  const mfa = mfaBadge[employee.mfa];
  return (
    <Table.Tr aria-label={employee.name}>
      <Table.Td>
        <Text fz="sm" fw={600}>
          {employee.name}{' '}
          {isMe && (
            <Text span fz="xs" c="dimmed">
              (you)
            </Text>
          )}
        </Text>
        <Text fz="xs" c="dimmed">
          {employee.email}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {employee.roles.length === 0 ? (
            <Text fz="xs" c="dimmed">
              No roles
            </Text>
          ) : (
            employee.roles.map((role) => (
              <Badge key={role} size="sm" variant="outline" tt="none">
                {role}
              </Badge>
            ))
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Badge size="sm" color={mfa.color} variant="light">
          {mfa.label}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text fz="sm">{employee.last_sign_in_at ? formatDateTime(employee.last_sign_in_at) : 'Never'}</Text>
      </Table.Td>
      <Table.Td>
        <Text fz="sm">{employee.active_sessions}</Text>
      </Table.Td>
      <Table.Td>
        <Status employee={employee} />
      </Table.Td>
      <Table.Td>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${employee.name}`}>
              <DotsIcon />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => handlers.onRoles(employee)}>Edit roles…</Menu.Item>
            <Menu.Item onClick={() => handlers.onSessions(employee)}>Sessions…</Menu.Item>
            {employee.invited && employee.active && (
              <Menu.Item onClick={() => handlers.onAction('resend-invitation', employee)}>
                Send a new invitation…
              </Menu.Item>
            )}
            {employee.mfa !== 'off' && (
              <Menu.Item onClick={() => handlers.onAction('reset-mfa', employee)}>Reset MFA…</Menu.Item>
            )}
            {employee.active ? (
              <Menu.Item
                color="red"
                disabled={isMe}
                title={isMe ? 'Another staff administrator has to do that.' : undefined}
                onClick={() => handlers.onAction('deactivate', employee)}
              >
                Deactivate…
              </Menu.Item>
            ) : (
              <Menu.Item onClick={() => handlers.onAction('reactivate', employee)}>Reactivate…</Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </Table.Td>
    </Table.Tr>
  );
}

// Staff administration (/admin/staff): who works here, what they may do, how they sign in.
export function StaffPage() {
  const session = useSession();
  const staff = useStaff();
  const [inviting, setInviting] = useState(false);
  const [editingRoles, setEditingRoles] = useState<StaffEmployee | null>(null);
  const [viewingSessions, setViewingSessions] = useState<StaffEmployee | null>(null);
  const [pending, setPending] = useState<{ action: StaffAction; employee: StaffEmployee } | null>(null);

  if (staff.isError) {
    return (
      <Alert color="red" variant="light" title="Staff could not be loaded">
        {errorMessages(staff.error).join(' ')}
      </Alert>
    );
  }
  const roles = staff.data?.roles ?? [];
  const handlers: RowHandlers = {
    onRoles: setEditingRoles,
    onSessions: setViewingSessions,
    onAction: (action, employee) => setPending({ action, employee }),
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} fz="h2">
          Staff
        </Title>
        <Button onClick={() => setInviting(true)} disabled={!staff.data}>
          Invite employee
        </Button>
      </Group>
      <Card withBorder radius="md" padding={0}>
        {staff.isPending ? (
          <Skeleton h={240} aria-label="Loading staff" />
        ) : (
          <Table aria-label="Staff" highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Employee</Table.Th>
                <Table.Th>Roles</Table.Th>
                <Table.Th>MFA</Table.Th>
                <Table.Th>Last sign-in</Table.Th>
                <Table.Th>Sessions</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {staff.data.employees.map((employee) => (
                <EmployeeRow
                  key={employee.id}
                  employee={employee}
                  isMe={employee.id === session?.employeeId}
                  handlers={handlers}
                />
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      <InviteModal opened={inviting} roles={roles} onClose={() => setInviting(false)} />
      <RolesModal employee={editingRoles} roles={roles} onClose={() => setEditingRoles(null)} />
      <SessionsModal employee={viewingSessions} onClose={() => setViewingSessions(null)} />
      <ConfirmActionModal pending={pending} onClose={() => setPending(null)} />
    </Stack>
  );
}
