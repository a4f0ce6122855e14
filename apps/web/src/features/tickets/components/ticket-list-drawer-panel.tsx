import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Drawer, Group, Paper, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { TicketSummary } from '@portal/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { useOpenedAfterMount } from '../../../lib/use-opened-after-mount.ts';

type TicketListDrawerPanelProps = {
  opened: boolean;
  onClose: () => void;
  label: string;
  tickets: readonly TicketSummary[];
  fullListPath: string;
  actionButton: (ticketId: number) => ReactNode;
  onPreview: (ticketId: number) => void;
};

// The archived or escalated tickets in a drawer (ticket-list-drawer.tsx loads it on first open).
export function TicketListDrawerPanel({
  opened,
  onClose,
  label,
  tickets,
  fullListPath,
  actionButton,
  onPreview,
}: TicketListDrawerPanelProps) {
  const shown = useOpenedAfterMount(opened);
  return (
    <Drawer opened={shown} onClose={onClose} title={`${label} tickets`} position="right" size="md">
      <Anchor component={Link} to={fullListPath} fz="sm" mb="sm" display="inline-block">
        Search and export all {label.toLowerCase()} tickets
      </Anchor>
      {tickets.length === 0 ? (
        <Text c="dimmed" fz="sm">
          No {label.toLowerCase()} tickets.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0}>
          {tickets.map((entry) => (
            <Paper key={entry.id} component="li" withBorder p="xs" radius="md" style={{ listStyle: 'none' }}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                {/* Named by what it shows, after a hidden "Preview ticket" (WCAG 2.5.3). */}
                <UnstyledButton onClick={() => onPreview(entry.id)} style={{ minWidth: 0, flex: 1 }}>
                  <Text fz="sm" fw={600} truncate>
                    <VisuallyHidden>Preview ticket</VisuallyHidden> #{entry.id} · {entry.name ?? entry.contact}
                  </Text>
                  <Text fz="xs" c="dimmed" lineClamp={2}>
                    {entry.subject ? `${entry.subject}: ` : ''}
                    {entry.preview}
                  </Text>
                  <Text fz={11} c="dimmed">
                    {formatDateTime(entry.archived ?? entry.escalated ?? entry.created_at)}
                    {entry.last_escalated_by ? ` · escalated by ${entry.last_escalated_by}` : ''}
                  </Text>
                </UnstyledButton>
                {actionButton(entry.id)}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Drawer>
  );
}
