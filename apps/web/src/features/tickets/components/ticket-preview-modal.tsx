import type { ReactNode } from 'react';
import { Alert, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { errorMessages } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTicketPreview } from '../api/get-ticket.ts';
import { buildThread } from '../thread.ts';
import { MessageThread } from './message-thread.tsx';

type TicketPreviewModalProps = {
  ticketId: number | null;
  onClose: () => void;
  // The list's action (Unarchive, De-escalate), shown under the thread.
  footer?: ReactNode;
};

// Reads a ticket without taking it (GET ticket preview=true).
export function TicketPreviewModal({ ticketId, onClose, footer }: TicketPreviewModalProps) {
  const preview = useTicketPreview(ticketId);
  return (
    <Modal opened={ticketId !== null} onClose={onClose} title={`Ticket #${ticketId ?? ''} (preview)`} size="lg">
      {preview.isPending && <Loader size="sm" aria-label="Loading ticket" />}
      {preview.isError && (
        <Alert color="red" variant="light">
          {errorMessages(preview.error).join(' ')}
        </Alert>
      )}
      {preview.data && (
        <Stack gap="sm">
          <Text fz="sm" c="dimmed">
            {preview.data.contact} · opened {formatDateTime(preview.data.created_at)}
            {preview.data.assigned_to ? ` · held by ${preview.data.assigned_to}` : ''}
          </Text>
          <MessageThread messages={buildThread(preview.data)} maxHeight={420} />
          {footer && <Group justify="flex-end">{footer}</Group>}
        </Stack>
      )}
    </Modal>
  );
}
