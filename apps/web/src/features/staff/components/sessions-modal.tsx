import { Alert, Button, Center, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import type { StaffEmployee } from '@portal/contracts';
import { TableHead } from '../../../components/table-head.tsx';
import { errorMessages } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useStaffSessions } from '../api/get-staff-sessions.ts';
import { useRevokeSession } from '../api/revoke-session.ts';

function SessionsList({ employee }: { employee: StaffEmployee }) {
  const sessions = useStaffSessions(employee.id);
  const revoke = useRevokeSession();
  if (sessions.isPending) {
    return (
      <Center p="md">
        <Loader size="sm" aria-label="Loading sessions" />
      </Center>
    );
  }
  if (sessions.isError) return <Alert color="red">{errorMessages(sessions.error).join(' ')}</Alert>;
  if (sessions.data.sessions.length === 0) return <Text c="dimmed">No live sessions.</Text>;
  return (
    <Stack gap="xs">
      {revoke.isError && <Alert color="red">{errorMessages(revoke.error).join(' ')}</Alert>}
      <Table aria-label={`Sessions of ${employee.name}`} striped>
        <TableHead columns={['Signed in', 'Expires', 'From', '']} />
        <Table.Tbody>
          {sessions.data.sessions.map((session) => (
            <Table.Tr key={session.id}>
              <Table.Td>{formatDateTime(session.created_at)}</Table.Td>
              <Table.Td>{formatDateTime(session.expires_at)}</Table.Td>
              <Table.Td>
                <Text fz="sm">{session.ip_address ?? '—'}</Text>
                <Text fz="xs" c="dimmed" lineClamp={1} title={session.user_agent ?? undefined}>
                  {session.user_agent ?? ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <Button
                  size="compact-xs"
                  color="red"
                  variant="light"
                  loading={revoke.isPending && revoke.variables.session_id === session.id}
                  onClick={() => revoke.mutate({ session_id: session.id })}
                >
                  End session
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

export function SessionsModal({ employee, onClose }: { employee: StaffEmployee | null; onClose: () => void }) {
  return (
    <Modal
      opened={employee !== null}
      onClose={onClose}
      title={employee ? `Sessions of ${employee.name}` : ''}
      size="lg"
      centered
    >
      {employee && <SessionsList employee={employee} />}
    </Modal>
  );
}
