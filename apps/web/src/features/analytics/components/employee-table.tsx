import { Loader, MultiSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { DateRange } from '../api/analytics.ts';
import { useEmployeeList, useEmployeeStats } from '../api/analytics.ts';
import { formatDuration } from '../quick-ranges.ts';
import { ExplainedLabel } from './metric-card.tsx';

type EmployeeTableProps = {
  range: DateRange;
  chosen: number[];
  onChoose: (ids: number[]) => void;
};

// How each column is worked out (decision 034), shown on hover or focus.
const COLUMNS = [
  {
    label: 'Tickets worked',
    explanation:
      'Tickets the employee first worked in the range: a ticket counts once, on the day of their first reply to it or their close of it.',
  },
  {
    label: 'Closed',
    explanation: 'Tickets they closed in the range that are still closed (a reopened one is taken off).',
  },
  { label: 'Replies', explanation: 'Messages they sent to customers in the range.' },
  {
    label: 'Median handling',
    explanation:
      "From a ticket's start to its close, over the tickets they closed in the range: the middle one, read from a histogram of handling times (within an eighth of the exact value).",
  },
  {
    label: 'Average handling',
    explanation: "From a ticket's start to its close, the mean over the tickets they closed in the range.",
  },
  {
    label: 'Reply time met',
    explanation:
      'Of the reply-time clocks they ended in the range (by a reply, or by closing the ticket), the share within the first-reply or next-reply target, counted in business hours.',
  },
] as const;

// "92% (23 of 25)", or a dash when they ended no clock.
function slaShare(met: number, total: number): string {
  if (total === 0) return '—';
  return `${Math.round((met / total) * 100)}% (${met.toLocaleString('en-US')} of ${total.toLocaleString('en-US')})`;
}

// Per-employee ticket analytics, for the employees picked (everyone who worked the range when none is).
export function EmployeeTable({ range, chosen, onChoose }: EmployeeTableProps) {
  const list = useEmployeeList(range);
  const stats = useEmployeeStats(range, chosen);
  const options = (list.data?.employees ?? []).map((employee) => ({
    value: String(employee.id),
    label: employee.active ? employee.name : `${employee.name} (inactive)`,
  }));
  const rows = stats.data?.data ?? [];
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Employees
        </Title>
        <MultiSelect
          label="Employees"
          description="None picked: everyone who replied to or closed a ticket in the range"
          placeholder="Pick employees"
          data={options}
          value={chosen.map(String)}
          onChange={(values) => onChoose(values.map(Number))}
          searchable
          clearable
          maw={560}
        />
        {stats.isPending ? (
          <Loader size="sm" aria-label="Loading the employees' figures" />
        ) : stats.isError ? (
          <Text c="red" fz="sm">
            Could not load the employees' figures.
          </Text>
        ) : rows.length === 0 ? (
          <Text c="dimmed" fz="sm">
            Nobody replied to or closed a ticket in this range.
          </Text>
        ) : (
          <Table striped highlightOnHover aria-label="Ticket analytics per employee">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Employee</Table.Th>
                {COLUMNS.map((column) => (
                  <Table.Th key={column.label} ta="right">
                    <ExplainedLabel label={column.label} explanation={column.explanation} />
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.employee_id}>
                  <Table.Td>{row.name}</Table.Td>
                  <Table.Td ta="right">{row.tickets_worked.toLocaleString('en-US')}</Table.Td>
                  <Table.Td ta="right">{row.tickets_closed.toLocaleString('en-US')}</Table.Td>
                  <Table.Td ta="right">{row.replies.toLocaleString('en-US')}</Table.Td>
                  <Table.Td ta="right">{formatDuration(row.median_handling_seconds)}</Table.Td>
                  <Table.Td ta="right">{formatDuration(row.average_handling_seconds)}</Table.Td>
                  <Table.Td ta="right">{slaShare(row.sla_met, row.sla_total)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
