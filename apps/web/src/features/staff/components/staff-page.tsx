import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { clampPage, staffExportCall, staffViewSchema, type StaffEmployee, type StaffView } from '@portal/contracts';
import { DotsIcon } from '../../../components/dots-icon.tsx';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { ListSearch } from '../../../components/list-search.tsx';
import { PagePagination } from '../../../components/page-pagination.tsx';
import { SortableTh } from '../../../components/sortable-th.tsx';
import { errorMessages } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useListView } from '../../../lib/use-list-view.ts';
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

// The select's option for no role filter (the URL leaves role out).
const ANY_ROLE = '*';
const STATUS_OPTIONS = [
  { value: 'all', label: 'Any status' },
  { value: 'active', label: 'Active' },
  { value: 'invited', label: 'Invited' },
  { value: 'deactivated', label: 'Deactivated' },
];

// Staff administration (/admin/staff?q&status&role&sort&page): who works here, what they may do,
// how they sign in. The search, filters, sort and page live in the URL (issue 40).
export function StaffPage() {
  const session = useSession();
  const [view, setView] = useListView(staffViewSchema);
  const staff = useStaff(view);
  const { page, ...filters } = view;
  const totalPages = staff.isPlaceholderData ? undefined : staff.data?.pagination.total_pages;
  const [inviting, setInviting] = useState(false);
  const [editingRoles, setEditingRoles] = useState<StaffEmployee | null>(null);
  const [viewingSessions, setViewingSessions] = useState<StaffEmployee | null>(null);
  const [pending, setPending] = useState<{ action: StaffAction; employee: StaffEmployee } | null>(null);

  useEffect(() => {
    if (totalPages === undefined) return;
    const clamped = clampPage(page, totalPages);
    if (clamped !== page) setView({ page: clamped }, { replace: true });
  }, [page, totalPages, setView]);

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
      <Group justify="space-between" align="flex-end">
        <Group gap="sm" align="flex-end">
          <ListSearch
            label="Name or email"
            value={view.q}
            onSearch={(q) => setView({ q })}
            placeholder="Part of a name or address"
          />
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={view.status}
            allowDeselect={false}
            onChange={(status) => status && setView({ status: status as StaffView['status'] })}
            w={160}
          />
          <Select
            label="Role"
            data={[
              { value: ANY_ROLE, label: 'Any role' },
              ...roles.map((role) => ({ value: role.name, label: role.name })),
            ]}
            value={view.role === '' ? ANY_ROLE : view.role}
            allowDeselect={false}
            onChange={(role) => setView({ role: role === null || role === ANY_ROLE ? '' : role })}
            w={180}
          />
        </Group>
        <ExportCsvButton
          call={staffExportCall}
          query={filters}
          total={staff.isPlaceholderData ? undefined : staff.data?.pagination.total_count}
          noun="employees"
        />
      </Group>
      <Card
        withBorder
        radius="md"
        padding={0}
        aria-busy={staff.isPlaceholderData}
        style={{ opacity: staff.isPlaceholderData ? 0.6 : 1 }}
      >
        {staff.isPending ? (
          <Skeleton h={240} aria-label="Loading staff" />
        ) : staff.data.employees.length === 0 ? (
          <Text c="dimmed" p="md">
            No employees match these filters.
          </Text>
        ) : (
          <Table aria-label="Staff" highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <SortableTh column="name" sort={view.sort} onSort={(sort) => setView({ sort })}>
                  Employee
                </SortableTh>
                <Table.Th>Roles</Table.Th>
                <Table.Th>MFA</Table.Th>
                <SortableTh column="last_sign_in" sort={view.sort} onSort={(sort) => setView({ sort })} descendingFirst>
                  Last sign-in
                </SortableTh>
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
      {staff.data && (
        <PagePagination
          page={page}
          totalPages={staff.data.pagination.total_pages}
          onChange={(next) => setView({ page: next })}
        />
      )}
      <InviteModal opened={inviting} roles={roles} onClose={() => setInviting(false)} />
      <RolesModal employee={editingRoles} roles={roles} onClose={() => setEditingRoles(null)} />
      <SessionsModal employee={viewingSessions} onClose={() => setViewingSessions(null)} />
      <ConfirmActionModal pending={pending} onClose={() => setPending(null)} />
    </Stack>
  );
}
