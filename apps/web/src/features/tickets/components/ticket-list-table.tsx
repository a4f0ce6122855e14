import { Badge, Button, Group, Table, Text } from '@mantine/core';
import type { TicketListKind, TicketSummary } from '@portal/contracts';
import { SortableTh } from '../../../components/sortable-th.tsx';
import { formatDateTime } from '../../../lib/format.ts';

type TicketListTableProps = {
  kind: TicketListKind;
  tickets: readonly TicketSummary[];
  sort: string;
  onSort: (sort: string) => void;
  onPreview: (id: number) => void;
  // 'Unarchive' or 'De-escalate', and the ticket it is being done to.
  actionLabel: string;
  onAction: (id: number) => void;
  pendingId: number | null;
};

// The archived or escalated tickets as a table (issue 40): number, customer, channel and contact,
// subject and first words, when it came and when it was set aside, who escalated it; sorted from the
// headers of the number and the two times; each previewed or sent back from its row.
export function TicketListTable({
  kind,
  tickets,
  sort,
  onSort,
  onPreview,
  actionLabel,
  onAction,
  pendingId,
}: TicketListTableProps) {
  const moved = kind === 'archived' ? 'archived_at' : 'escalated_at';
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover withTableBorder verticalSpacing="xs" aria-label={`${kind} tickets`}>
        <Table.Thead>
          <Table.Tr>
            <SortableTh column="id" sort={sort} onSort={onSort} w={90}>
              Ticket
            </SortableTh>
            <Table.Th>Customer</Table.Th>
            <Table.Th>Message</Table.Th>
            <SortableTh column="created_at" sort={sort} onSort={onSort} descendingFirst w={170}>
              Created
            </SortableTh>
            <SortableTh column={moved} sort={sort} onSort={onSort} descendingFirst w={170}>
              {kind === 'archived' ? 'Archived' : 'Escalated'}
            </SortableTh>
            <Table.Th w={230}>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tickets.map((ticket) => (
            <Table.Tr key={ticket.id} aria-label={`Ticket ${ticket.id}`}>
              <Table.Td>#{ticket.id}</Table.Td>
              <Table.Td>
                <Text fz="sm" fw={600}>
                  {ticket.name ?? 'Unknown sender'}
                </Text>
                <Group gap={6} wrap="nowrap">
                  <Badge size="xs" variant="outline" tt="none">
                    {ticket.channel}
                  </Badge>
                  <Text fz="xs" c="dimmed">
                    {ticket.contact}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td>
                <Text fz="sm" lineClamp={2}>
                  {ticket.subject ? `${ticket.subject}: ` : ''}
                  {ticket.preview}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{formatDateTime(ticket.created_at)}</Text>
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{formatDateTime(kind === 'archived' ? ticket.archived : ticket.escalated)}</Text>
                {kind === 'escalated' && ticket.last_escalated_by && (
                  <Text fz="xs" c="dimmed">
                    by {ticket.last_escalated_by}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" variant="default" onClick={() => onPreview(ticket.id)}>
                    Preview #{ticket.id}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    loading={pendingId === ticket.id}
                    onClick={() => onAction(ticket.id)}
                  >
                    {actionLabel} #{ticket.id}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
