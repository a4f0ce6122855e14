import { Badge, Button, Divider, Group, Loader, Paper, Text } from '@mantine/core';
import type { TicketsResponse } from '@portal/contracts';
import { OnlineToggle } from '../../features/presence/components/online-toggle.tsx';
import { ArchivedTickets, EscalatedTickets } from '../../features/tickets/components/archived-tickets.tsx';
import { StatsBadge } from '../../features/tickets/components/stats-badge.tsx';

type ControlsBarProps = {
  queue: TicketsResponse | undefined;
  fetching: boolean;
  canSeeEscalated: boolean;
  pendingCount: number;
  submittedTicketId: number | null;
  onHelp: () => void;
};

// The workspace's controls bar (spec 000 section 2).
export function ControlsBar({
  queue,
  fetching,
  canSeeEscalated,
  pendingCount,
  submittedTicketId,
  onHelp,
}: ControlsBarProps) {
  return (
    <Paper withBorder radius="md" px="md" py={8}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="md" wrap="wrap">
          <OnlineToggle />
          {queue && (
            <>
              <Divider orientation="vertical" />
              <StatsBadge stats={queue} />
              <ArchivedTickets tickets={queue.archivedTickets} />
              {canSeeEscalated && <EscalatedTickets tickets={queue.escalatedTickets} />}
              <Text fz="xs" c="dimmed">
                {pendingCount} in my list
              </Text>
            </>
          )}
          {fetching && <Loader size={14} aria-label="Refreshing the queue" />}
          {submittedTicketId !== null && (
            <Badge color="teal" variant="filled" size="lg" role="status">
              Ticket #{submittedTicketId} sent
            </Badge>
          )}
        </Group>
        <Group gap="sm">
          <Button size="compact-sm" variant="subtle" color="gray" onClick={onHelp}>
            Keyboard shortcuts
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
