import { lazy, Suspense, useState } from 'react';
import { Badge, Button, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { TicketSummary } from '@portal/contracts';

// Loaded when a preview is first opened: the workspace keeps to its weight budget (decision 040).
const TicketPreviewModal = lazy(async () => ({
  default: (await import('./ticket-preview-modal.tsx')).TicketPreviewModal,
}));
// Loaded when the list is first opened, for the same reason.
const TicketListDrawerPanel = lazy(async () => ({
  default: (await import('./ticket-list-drawer-panel.tsx')).TicketListDrawerPanel,
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
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [previewLoaded, setPreviewLoaded] = useState(false);

  const actionButton = (id: number) => (
    <Button size="compact-xs" variant="light" color={color} loading={pendingId === id} onClick={() => onAction(id)}>
      {actionLabel} #{id}
    </Button>
  );

  return (
    <>
      <UnstyledButton
        onClick={() => {
          setDrawerLoaded(true);
          open();
        }}
        aria-label={`${label} tickets: ${tickets.length}`}
      >
        {/* The badge shows its name (WCAG 2.5.3: speech users say what they see). */}
        <Badge size="lg" variant={tickets.length > 0 ? 'light' : 'default'} color={color} style={{ cursor: 'pointer' }}>
          {label} tickets: {tickets.length}
        </Badge>
      </UnstyledButton>
      {/* Mounted from the first open on, so that closing it animates and gives focus back. */}
      {drawerLoaded && (
        <Suspense fallback={null}>
          <TicketListDrawerPanel
            opened={opened}
            onClose={close}
            label={label}
            tickets={tickets}
            fullListPath={fullListPath}
            actionButton={actionButton}
            onPreview={(id) => {
              setPreviewLoaded(true);
              setPreviewId(id);
            }}
          />
        </Suspense>
      )}
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
