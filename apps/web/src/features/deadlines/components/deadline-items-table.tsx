import { Link } from 'react-router';
import { Anchor, Button, Table, Text } from '@mantine/core';
import { DEADLINE_QUEUE_LABELS, type DeadlineItem } from '@portal/contracts';
import { DaysLeftBadge } from '../../../components/days-left-badge.tsx';
import { formatDate } from '../../../lib/format.ts';

// Thousands may be overdue in a backlog: the screen shows the most urgent, the queues the rest.
export const DEADLINE_ROWS_SHOWN = 100;

type DeadlineItemsTableProps = {
  caption: string;
  items: readonly DeadlineItem[];
  // Records a frivolous dispute's notice as sent; the id of the one being recorded, if any.
  onNoticeSent: (id: number) => void;
  recording: number | null;
  // Asks to record a legally required notice as mailed on paper (the page confirms first).
  onMarkMailed: (item: DeadlineItem) => void;
};

// One list of the deadlines screen: each item linked to the screen it is worked on, its queue, due
// date and days left, the earliest first (the server's order).
export function DeadlineItemsTable({ caption, items, onNoticeSent, recording, onMarkMailed }: DeadlineItemsTableProps) {
  const shown = items.slice(0, DEADLINE_ROWS_SHOWN);
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder verticalSpacing="xs" captionSide="top">
        <Table.Caption ta="left">
          {caption}
          {items.length > shown.length &&
            ` (the first ${shown.length} of ${items.length}; the queue screens list them all)`}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Item</Table.Th>
            <Table.Th scope="col">Queue</Table.Th>
            <Table.Th scope="col">Due</Table.Th>
            <Table.Th scope="col">Days left</Table.Th>
            <Table.Th scope="col">Details</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((item) => (
            <Table.Tr key={`${item.queue}-${item.id}`}>
              <Table.Th scope="row" fw={500}>
                <Anchor component={Link} to={item.link} fz="sm">
                  {item.title}
                </Anchor>
              </Table.Th>
              <Table.Td>{DEADLINE_QUEUE_LABELS[item.queue]}</Table.Td>
              <Table.Td>{formatDate(item.due_on)}</Table.Td>
              <Table.Td>
                <DaysLeftBadge daysLeft={item.days_left} kind={item.days_kind} />
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{item.summary}</Text>
                {item.queue === 'dispute_frivolous_notice' && (
                  <Button
                    size="compact-xs"
                    variant="light"
                    mt={4}
                    aria-label={`Notice sent: dispute #${item.id}`}
                    loading={recording === item.id}
                    disabled={recording !== null && recording !== item.id}
                    onClick={() => onNoticeSent(item.id)}
                  >
                    Notice sent
                  </Button>
                )}
                {item.queue === 'notice_to_mail' && (
                  <Button
                    size="compact-xs"
                    variant="light"
                    mt={4}
                    // Names the notice, the visible words first (WCAG 2.5.3): one button per row.
                    aria-label={`Mark mailed: ${item.title}`}
                    aria-haspopup="dialog"
                    onClick={() => onMarkMailed(item)}
                  >
                    Mark mailed
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
