import { useEffect, useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { errorMessages } from '../../../lib/api-error.ts';
import { useUndoSend } from '../api/undo-send.ts';

export type SentReply = { ticketId: number; messageId: number; undoUntil: string };

function secondsLeft(until: string): number {
  return Math.max(0, Math.ceil((Date.parse(until) - Date.now()) / 1000));
}

// Undo send (issue 40, decision 065): for as long as the reply waits in the outbox, a bar says so
// with an Undo button and the seconds left. Undone, the ticket opens again with the reply in the box.
export function UndoSendBar({
  sent,
  onUndone,
  onDone,
}: {
  sent: SentReply;
  onUndone: (ticketId: number) => void;
  onDone: () => void;
}) {
  const undo = useUndoSend();
  const [left, setLeft] = useState(() => secondsLeft(sent.undoUntil));
  useEffect(() => {
    const timer = setInterval(() => {
      const now = secondsLeft(sent.undoUntil);
      setLeft(now);
      if (now === 0 && !undo.isPending && !undo.isError) onDone();
    }, 250);
    return () => clearInterval(timer);
  }, [sent.undoUntil, onDone, undo.isPending, undo.isError]);

  return (
    <Alert
      color={undo.isError ? 'red' : 'blue'}
      variant="light"
      data-testid="undo-send-bar"
      withCloseButton={undo.isError}
      closeButtonLabel="Dismiss"
      onClose={onDone}
    >
      <Group justify="space-between" wrap="nowrap">
        <Text fz="sm" role="status">
          {undo.isError
            ? errorMessages(undo.error).join(' ')
            : `Reply to ticket #${sent.ticketId} is in the outbox; it leaves in ${left} s.`}
        </Text>
        {!undo.isError && (
          <Button
            size="xs"
            variant="filled"
            loading={undo.isPending}
            disabled={left === 0}
            onClick={() => undo.mutate(sent.messageId, { onSuccess: (answer) => onUndone(answer.ticket_id) })}
          >
            Undo
          </Button>
        )}
      </Group>
    </Alert>
  );
}
