import { Button, Group, Paper, Text, Title } from '@mantine/core';
import type { Dispute } from '@portal/contracts';
import { formatDate } from '../../../lib/format.ts';
import { DisputeStatusBadge, OverdueBadge } from './dispute-status-badge.tsx';
import { MarkFrivolousButton } from './mark-frivolous-button.tsx';

type DisputeHeaderProps = {
  dispute: Dispute;
  onBack: () => void;
  onGetNext: () => void;
  busy: boolean;
};

// The detail page's header (spec 001 section 2): Back to Disputes, the dispute's id, status and due
// date (30 days from the day the letter was received, which it names), and Get Next Dispute unless
// the dispute is in the assigned status.
export function DisputeHeader({ dispute, onBack, onGetNext, busy }: DisputeHeaderProps) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="md" wrap="wrap">
          <Button variant="default" onClick={onBack} disabled={busy}>
            Back to Disputes
          </Button>
          <Title order={2} fz="lg">
            Dispute #{dispute.id}
          </Title>
          <DisputeStatusBadge status={dispute.status} />
          <Group gap={6}>
            <Text fz="sm" c="dimmed">
              Letter received {formatDate(dispute.letter_received_on)}
            </Text>
            <Text fz="sm" c={dispute.overdue ? 'red' : undefined}>
              Due {formatDate(dispute.due_date)}
            </Text>
            {dispute.overdue && <OverdueBadge />}
          </Group>
          {dispute.employee_name && dispute.status === 'assigned' && (
            <Text fz="sm" c="dimmed">
              Assigned to {dispute.employee_name}
            </Text>
          )}
        </Group>
        <MarkFrivolousButton dispute={dispute} />
        {dispute.status !== 'assigned' && (
          <Button onClick={onGetNext} loading={busy}>
            Get Next Dispute
          </Button>
        )}
      </Group>
    </Paper>
  );
}
