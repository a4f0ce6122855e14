import type { ReactNode } from 'react';
import { Badge, Button, Card, Group, Kbd, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { Ticket } from '@portal/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSendPasswordReset } from '../api/send-password-reset.ts';
import type { TicketActions } from '../hooks/use-ticket-actions.ts';
import { SlaClockBadge } from './sla-clock-badge.tsx';
import { SnoozeMenu, snoozeReturnText } from './snooze-menu.tsx';

type TicketHeaderProps = {
  ticket: Ticket;
  actions: TicketActions;
  // Composed in app/: the documents feature's button.
  documentsButton: ReactNode;
  onSkip?: () => void;
};

function customerName(ticket: Ticket): string | null {
  if (ticket.user) return `${ticket.user.first_name} ${ticket.user.last_name}`;
  const name = [ticket.details.first_name, ticket.details.last_name].filter(Boolean).join(' ');
  return name === '' ? null : name;
}

function ShortcutTip({ label, keys, children }: { label: string; keys: string; children: ReactNode }) {
  return (
    <Tooltip
      label={
        <Group gap={6}>
          <span>{label}</span>
          <Kbd size="xs">{keys}</Kbd>
        </Group>
      }
      openDelay={400}
    >
      {children}
    </Tooltip>
  );
}

export function TicketHeader({ ticket, actions, documentsButton, onSkip }: TicketHeaderProps) {
  const reset = useSendPasswordReset();
  const name = customerName(ticket);
  const backFromSnooze = ticket.state === 'open' ? snoozeReturnText(ticket.snooze) : null;
  return (
    <Card withBorder radius="md" padding="sm">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Title order={2} fz="lg">
              Ticket #{ticket.id}
            </Title>
            <Badge variant="light" color={ticket.channel === 'email' ? 'grape' : 'cyan'} size="sm">
              {ticket.channel === 'email' ? 'Email' : 'Text'}
            </Badge>
            {ticket.state === 'closed' && (
              <Badge variant="light" color="gray" size="sm">
                Closed
              </Badge>
            )}
            {ticket.escalated && (
              <Badge variant="light" color="orange" size="sm">
                Escalated
              </Badge>
            )}
            {ticket.archived && (
              <Badge variant="light" color="gray" size="sm">
                Archived
              </Badge>
            )}
            {ticket.snooze && ticket.snooze.returned_at === null && ticket.state === 'open' && (
              <Badge variant="light" color="indigo" size="sm">
                Snoozed
              </Badge>
            )}
            {backFromSnooze && (
              <Badge variant="light" color="teal" size="sm">
                Back from snooze
              </Badge>
            )}
            {ticket.state === 'open' && <SlaClockBadge clock={ticket.sla} />}
          </Group>
          <Text fz="sm" truncate>
            <Text span fw={600}>
              {name ?? 'Unknown sender'}
            </Text>
            <Text span c="dimmed">
              {' · '}
              {ticket.contact}
              {' · opened '}
              {formatDateTime(ticket.created_at)}
            </Text>
          </Text>
          {ticket.subject && (
            <Text fz="sm" c="dimmed" truncate>
              Subject: {ticket.subject}
            </Text>
          )}
          {backFromSnooze && (
            <Text fz="xs" c="teal.9">
              {backFromSnooze}
            </Text>
          )}
          {ticket.details.last_escalated_by && (
            <Text fz="xs" c="orange.8">
              Last escalated by {ticket.details.last_escalated_by}
            </Text>
          )}
        </Stack>
        <Group gap={6} wrap="wrap" justify="flex-end">
          <ShortcutTip label="Escalate" keys="Alt+E">
            <Button
              size="xs"
              variant="light"
              color="orange"
              onClick={actions.escalate}
              loading={actions.pending === 'escalate'}
            >
              Escalate #{ticket.id}
            </Button>
          </ShortcutTip>
          {documentsButton}
          <Button
            size="xs"
            variant="default"
            onClick={() => reset.mutate(ticket.id)}
            loading={reset.isPending}
            disabled={ticket.user_id === null}
          >
            Send password reset
          </Button>
          {ticket.state === 'open' && (
            <SnoozeMenu ticketId={ticket.id} onSnooze={actions.snooze} loading={actions.pending === 'snooze'} />
          )}
          <ShortcutTip label="Archive" keys="Alt+A">
            <Button size="xs" variant="default" onClick={actions.archive} loading={actions.pending === 'archive'}>
              Archive
            </Button>
          </ShortcutTip>
          <ShortcutTip label="Close" keys="Alt+C">
            <Button size="xs" variant="default" onClick={actions.close} loading={actions.pending === 'close'}>
              Close
            </Button>
          </ShortcutTip>
          {onSkip && (
            <ShortcutTip label="Next ticket, without closing" keys="Alt+N / J">
              <Button size="xs" variant="subtle" color="gray" onClick={onSkip}>
                Next
              </Button>
            </ShortcutTip>
          )}
        </Group>
      </Group>
    </Card>
  );
}
