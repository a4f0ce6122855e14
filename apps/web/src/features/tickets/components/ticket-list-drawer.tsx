import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import {
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Paper,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { TicketSummary } from '@portal/contracts';
import { formatDateTime } from '../../../lib/format.ts';

// Loaded when a preview is first opened: the workspace keeps to its weight budget (decision 040).
const TicketPreviewModal = lazy(async () => ({
  default: (await import('./ticket-preview-modal.tsx')).TicketPreviewModal,
}));

type TicketListDrawerProps = {
  // 'Archived' or 'Escalated'
  label: string;
  color: string;
  tickets: readonly TicketSummary[];
  // 'Unarchive' or 'De-escalate'
  actionLabel: string;
  onAction: (ticketId: number) => void;
  pendingId: number | null;
  // The whole list as a page of its own, with search, filters and paging (issue 40).
  fullListPath: string;
};

// A badge with the list's count that opens the list; each ticket can be previewed and sent back.
export function TicketListDrawer({
  label,
  color,
  tickets,
  actionLabel,
  onAction,
  pendingId,
  fullListPath,
}: TicketListDrawerProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [previewLoaded, setPreviewLoaded] = useState(false);

  const actionButton = (id: number) => (
    <Button size="compact-xs" variant="light" color={color} loading={pendingId === id} onClick={() => onAction(id)}>
      {actionLabel} #{id}
    </Button>
  );

  return (
    <>
      <UnstyledButton onClick={open} aria-label={`${label} tickets: ${tickets.length}`}>
        {/* The badge shows its name (WCAG 2.5.3: speech users say what they see). */}
        <Badge size="lg" variant={tickets.length > 0 ? 'light' : 'default'} color={color} style={{ cursor: 'pointer' }}>
          {label} tickets: {tickets.length}
        </Badge>
      </UnstyledButton>
      <Drawer opened={opened} onClose={close} title={`${label} tickets`} position="right" size="md">
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
                  <UnstyledButton
                    onClick={() => {
                      setPreviewLoaded(true);
                      setPreviewId(entry.id);
                    }}
                    style={{ minWidth: 0, flex: 1 }}
                  >
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
      {/* Mounted from the first preview on, so that closing it animates and gives focus back. */}
      {previewLoaded && (
        <Suspense fallback={null}>
          <TicketPreviewModal
            ticketId={previewId}
            onClose={() => setPreviewId(null)}
            footer={
              previewId !== null && tickets.some((entry) => entry.id === previewId) ? actionButton(previewId) : null
            }
          />
        </Suspense>
      )}
    </>
  );
}
