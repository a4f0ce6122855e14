import { Loader, MultiSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { DateRange } from '../api/analytics.ts';
import { useEmployeeList, useEmployeeStats } from '../api/analytics.ts';
import { formatDuration } from '../quick-ranges.ts';

type EmployeeTableProps = {
  range: DateRange;
  chosen: number[];
  onChoose: (ids: number[]) => void;
};

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
                <Table.Th ta="right" title="Tickets the employee replied to or closed in the range">
                  Tickets worked
                </Table.Th>
                <Table.Th ta="right">Closed</Table.Th>
                <Table.Th ta="right">Replies</Table.Th>
                <Table.Th ta="right" title="From a ticket's start to its close, over the tickets they closed">
                  Median handling
                </Table.Th>
                <Table.Th ta="right">Average handling</Table.Th>
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
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
