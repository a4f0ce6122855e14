import { Fragment, useState } from 'react';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { DISPUTE_MESSAGES, type DisputeUserResult, type DisputeUserSearchResponse } from '@portal/contracts';
import { TableHead } from '../../../components/table-head.tsx';
import { formatDate } from '../../../lib/format.ts';

type UserSearchResultsProps = {
  answer: DisputeUserSearchResponse;
  onPage: (page: number) => void;
  onSelect: (user: DisputeUserResult) => void;
  busy: boolean;
};

function formatPhone(phone: string | null): string {
  if (!phone) return '—';
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : phone;
}

function shortAddress(user: DisputeUserResult): string {
  const { city, state } = user.address;
  return [city, state].filter(Boolean).join(', ') || '—';
}

function fullAddress(user: DisputeUserResult): string {
  const { street, city, state, zip } = user.address;
  const line = [city, [state, zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [street, line].filter(Boolean).join(', ') || '—';
}

// The users the search found (spec 001 section 2), each with its details and a Select User button.
export function UserSearchResults({ answer, onPage, onSelect, busy }: UserSearchResultsProps) {
  const [open, setOpen] = useState<number | null>(null);
  const { results, meta } = answer;

  if (results.length === 0)
    return (
      <Stack gap={4} py="md" align="center">
        <Text fw={500}>{DISPUTE_MESSAGES.noUsersFound}</Text>
        <Text c="dimmed" fz="sm">
          {DISPUTE_MESSAGES.noUsersHint}
        </Text>
      </Stack>
    );

  return (
    <Stack gap="sm" style={{ opacity: busy ? 0.6 : 1 }}>
      <Table.ScrollContainer minWidth={720}>
        <Table striped verticalSpacing="xs" fz="sm">
          <TableHead
            columns={['Name', 'Birthday', 'Last Four', 'Email', 'Phone', 'Address', 'Active Loan', 'Actions']}
          />
          <Table.Tbody>
            {results.map((user) => {
              const name = `${user.first_name} ${user.last_name}`;
              const shown = open === user.id;
              return (
                <Fragment key={user.id}>
                  <Table.Tr aria-label={name}>
                    <Table.Td>
                      {name}
                      <Text fz="xs" c="dimmed">
                        #{user.id}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatDate(user.birthday)}</Table.Td>
                    <Table.Td>{user.ssn_last_four ?? '—'}</Table.Td>
                    <Table.Td>{user.email}</Table.Td>
                    <Table.Td>{formatPhone(user.phone_number)}</Table.Td>
                    <Table.Td>{shortAddress(user)}</Table.Td>
                    <Table.Td>{user.active_loan_id ?? '—'}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          aria-expanded={shown}
                          aria-label={`${shown ? 'Hide' : 'Show'} details of ${name}`}
                          onClick={() => setOpen(shown ? null : user.id)}
                        >
                          {shown ? 'Hide Details' : 'Details'}
                        </Button>
                        <Button size="compact-xs" onClick={() => onSelect(user)}>
                          Select User
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                  {shown && (
                    <Table.Tr>
                      <Table.Td colSpan={8}>
                        <Stack gap={2} fz="sm">
                          <Text fz="sm">
                            <b>Address:</b> {fullAddress(user)}
                          </Text>
                          <Text fz="sm">
                            <b>Other funded loans:</b>{' '}
                            {user.other_funded_loan_ids.length > 0
                              ? user.other_funded_loan_ids.map((loanId) => `#${loanId}`).join(', ')
                              : 'None'}
                          </Text>
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {meta.total_pages > 1 && (
        <Group justify="center" gap="sm">
          <Button
            variant="default"
            size="xs"
            disabled={busy || meta.current_page <= 1}
            onClick={() => onPage(meta.current_page - 1)}
          >
            Previous
          </Button>
          <Text fz="sm">
            Page {meta.current_page} of {meta.total_pages}
          </Text>
          <Button
            variant="default"
            size="xs"
            disabled={busy || meta.current_page >= meta.total_pages}
            onClick={() => onPage(meta.current_page + 1)}
          >
            Next
          </Button>
        </Group>
      )}
    </Stack>
  );
}
