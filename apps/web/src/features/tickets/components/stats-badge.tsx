import { Badge, Group, Popover, Table, Text, UnstyledButton } from '@mantine/core';
import type { TicketStats } from '@portal/contracts';

const rows: ReadonlyArray<{ key: keyof TicketStats; label: string }> = [
  { key: 'unpaidDueTomorrow', label: 'Unpaid, due tomorrow' },
  { key: 'unpaidDueDayAfterTomorrow', label: 'Unpaid, due the day after' },
  { key: 'createdOver24h', label: 'Created over 24 h ago' },
  { key: 'createdUnder24h', label: 'Created under 24 h ago' },
];

// "Closed by me today / waiting in the queue", with the breakdown on click.
export function StatsBadge({ stats }: { stats: TicketStats }) {
  return (
    <Popover position="bottom-start" shadow="md" withArrow>
      <Popover.Target>
        <UnstyledButton
          // The name holds the visible words and numbers (WCAG 2.5.3), then says what they are.
          aria-label={`Ticket statistics: Closed / waiting ${stats.employeeTicketCount} / ${stats.totalTicketCount}: ${stats.employeeTicketCount} closed by me, ${stats.totalTicketCount} in the queue`}
        >
          <Group gap={6} wrap="nowrap">
            <Text fz="xs" c="dimmed">
              Closed / waiting
            </Text>{' '}
            {/* The space keeps the words apart in the text the name is checked against. */}
            <Badge size="lg" variant="light" color="indigo" style={{ cursor: 'pointer' }}>
              {stats.employeeTicketCount} / {stats.totalTicketCount}
            </Badge>
          </Group>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown p="sm">
        <Text fz="xs" c="dimmed" mb={6}>
          {stats.employeeTicketCount} closed by you today · {stats.totalTicketCount} waiting
        </Text>
        <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing="xs" fz="sm">
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td>{row.label}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {stats[row.key]}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Popover.Dropdown>
    </Popover>
  );
}
