import { Badge, Button, Group, Table, Text } from '@mantine/core';
import type { DisputeListItem, UnresolvedDisputesView } from '@portal/contracts';
import { SortableTh } from '../../../components/sortable-th.tsx';
import { formatDate } from '../../../lib/format.ts';
import { DisputeStatusBadge, OverdueBadge } from './dispute-status-badge.tsx';

type Sort = UnresolvedDisputesView['sort'];

type UnresolvedDisputesTableProps = {
  disputes: readonly DisputeListItem[];
  sort: Sort;
  onSort: (sort: Sort) => void;
  onView: (id: number) => void;
};

export function customerName(dispute: Pick<DisputeListItem, 'first_name' | 'last_name'>): string {
  return [dispute.first_name, dispute.last_name].filter(Boolean).join(' ') || 'N/A';
}

// The unresolved disputes (spec 001 sections 2 and 8): who sent each, where it stands and when its
// answer is due, overdue ones in red; sorted by ID or due date from their headers (issue 40).
export function UnresolvedDisputesTable({ disputes, sort, onSort, onView }: UnresolvedDisputesTableProps) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <SortableTh w="12%" column="id" sort={sort} onSort={onSort}>
              ID
            </SortableTh>
            <Table.Th>Customer Name</Table.Th>
            <Table.Th>Status</Table.Th>
            <SortableTh column="due_date" sort={sort} onSort={onSort}>
              Due Date
            </SortableTh>
            <Table.Th w="15%">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {disputes.map((dispute) => (
            <Table.Tr key={dispute.id} aria-label={`Dispute ${dispute.id}`}>
              <Table.Td>{dispute.id}</Table.Td>
              <Table.Td>{customerName(dispute)}</Table.Td>
              <Table.Td>
                <Group gap={6}>
                  <DisputeStatusBadge status={dispute.status} />
                  {dispute.status === 'assigned' && dispute.employee_name && (
                    <Text fz="xs" c="dimmed">
                      {dispute.employee_name}
                    </Text>
                  )}
                  {dispute.failed_responses_count > 0 && (
                    <Badge color="orange" variant="outline" radius="xl" tt="none">
                      {dispute.failed_responses_count} Failed Attempt(s)
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Group gap={6}>
                  <Text fz="sm" c={dispute.overdue ? 'red' : undefined}>
                    {formatDate(dispute.due_date)}
                  </Text>
                  {dispute.overdue && <OverdueBadge />}
                </Group>
              </Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" onClick={() => onView(dispute.id)}>
                  View Details
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
