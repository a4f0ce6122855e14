import { Card, Table, Text, Title, UnstyledButton } from '@mantine/core';
import type { UserSuggestion } from '@portal/contracts';
import { formatDate } from '../../../lib/format.ts';
import { TableHead } from '../../../components/table-head.tsx';

type UserSuggestionsProps = { suggestions: readonly UserSuggestion[]; onPick: (id: number) => void };

// A name search's candidates (spec 000 section 2): email and masked SSN tell them apart; a click
// searches by the customer's ID.
export function UserSuggestions({ suggestions, onPick }: UserSuggestionsProps) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Title order={2} fz="md" mb="xs">
        {suggestions.length} {suggestions.length === 1 ? 'customer matches' : 'customers match'}
      </Title>
      <Table highlightOnHover fz="sm" aria-label="Suggestions">
        <TableHead columns={['Name', 'Email', 'SSN', 'Birthday', 'Location', 'ID']} />
        <Table.Tbody>
          {suggestions.map((row) => (
            <Table.Tr key={row.id} style={{ cursor: 'pointer' }} onClick={() => onPick(row.id)}>
              <Table.Td>
                <UnstyledButton fz="sm" fw={600} onClick={() => onPick(row.id)}>
                  {row.first_name} {row.last_name}
                </UnstyledButton>
              </Table.Td>
              <Table.Td>{row.email}</Table.Td>
              <Table.Td>
                {row.ssn ?? (
                  <Text span c="dimmed">
                    none on file
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{row.birthday ? formatDate(row.birthday) : '—'}</Table.Td>
              <Table.Td>{[row.city, row.state].filter(Boolean).join(', ') || '—'}</Table.Td>
              <Table.Td>#{row.id}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
