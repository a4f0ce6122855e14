import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Card, EmptyState, Skeleton, Stack, VisuallyHidden, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { SUBMITTED_TICKET_MARKER_MS, type SendReplyResponse } from '@portal/contracts';
import type { SentReply } from '../../features/replies/components/undo-send-bar.tsx';
import { ticketQueryOptions } from '../../features/tickets/api/get-ticket.ts';
import { useTicketQueue } from '../../features/tickets/api/get-tickets.ts';
import { useLeaveQueue } from '../../features/tickets/hooks/use-leave-queue.ts';
import { errorMessages } from '../../lib/api-error.ts';
import { ticketKeys } from '../../features/tickets/api/query-keys.ts';
import { useSession } from '../../lib/session.ts';
import { ControlsBar } from './controls-bar.tsx';
import { QUEUE_REFILL_BELOW, linkedTicketId, orderWithSkips, pendingTicketIds, skipTicket } from './queue-order.ts';
import { TicketScreen } from './ticket-screen.tsx';
import { useShortcuts } from './use-shortcuts.ts';

function InboxIcon() {
  return (
    <svg
      width="28"
      height="28"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      aria-hidden="true"
    >
      <path d="M22 12h-6l-2 3h-4l-2-3H2" />
      <path d="M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z" />
    </svg>
  );
}

// Loaded after the first Send: the workspace keeps to its weight budget (decision 040).
const UndoSendBar = lazy(async () => ({
  default: (await import('../../features/replies/components/undo-send-bar.tsx')).UndoSendBar,
}));

// Loaded when the shortcuts are first asked for (the same budget).
const ShortcutHelp = lazy(async () => ({
  default: (await import('./shortcut-help.tsx')).ShortcutHelp,
}));

// Home: the ticket workspace. One ticket at a time, from my queue or a ?ticket= deep link, and only
// while I am online (spec 000 sections 2 and 4).
export function TicketWorkspace() {
  const session = useSession();
  const online = session?.online ?? false;
  const canSeeEscalated = session?.permissions.includes('tickets.view_escalated') ?? false;
  const queryClient = useQueryClient();
  const queue = useTicketQueue(online);
  const leaveQueue = useLeaveQueue();
  const [params, setParams] = useSearchParams();
  const linked = linkedTicketId(params.get('ticket'));
  const [skipped, setSkipped] = useState<number[]>([]);
  const [submitted, setSubmitted] = useState<number | null>(null);
  const markerTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [helpOpened, help] = useDisclosure(false);
  // Mounted from the first open on, so that closing it animates and gives focus back.
  const [helpLoaded, setHelpLoaded] = useState(false);
  const openHelp = () => {
    setHelpLoaded(true);
    help.open();
  };
  // The reply just sent, while it can still be undone.
  const [undoable, setUndoable] = useState<SentReply | null>(null);
  const endUndo = useCallback(() => setUndoable(null), []);

  const pending = pendingTicketIds(queue.data);
  const order = orderWithSkips(pending, skipped);
  const currentId = linked ?? order[0] ?? null;
  const nextId = linked === null ? order[1] : order[0];

  useShortcuts({ help: openHelp });

  // Going offline clears the view: nothing of the queue is kept to show stale.
  useEffect(() => {
    if (!online) queryClient.removeQueries({ queryKey: ticketKeys.all });
  }, [online, queryClient]);

  // The next ticket is mine already (leased with the queue): loading it now makes moving on instant.
  useEffect(() => {
    if (online && nextId !== undefined && nextId !== currentId)
      void queryClient.prefetchQuery(ticketQueryOptions(nextId));
  }, [online, nextId, currentId, queryClient]);

  useEffect(() => () => clearTimeout(markerTimer.current), []);

  function dropDeepLink(id: number) {
    setParams(
      (previous) => {
        if (previous.get('ticket') !== String(id)) return previous;
        const next = new URLSearchParams(previous);
        next.delete('ticket');
        return next;
      },
      { replace: true },
    );
  }

  function afterLeaving(id: number) {
    dropDeepLink(id);
    setSkipped((previous) => previous.filter((entry) => entry !== id));
    const remaining = pendingTicketIds(queryClient.getQueryData(ticketKeys.queue())).length;
    if (remaining < QUEUE_REFILL_BELOW) void queryClient.invalidateQueries({ queryKey: ticketKeys.queue() });
  }

  function afterSending(result: SendReplyResponse) {
    // send_reply closes the ticket on the server.
    leaveQueue(result.ticket_id, true);
    setSubmitted(result.ticket_id);
    clearTimeout(markerTimer.current);
    markerTimer.current = setTimeout(() => setSubmitted(null), SUBMITTED_TICKET_MARKER_MS);
    afterLeaving(result.ticket_id);
    setUndoable(
      result.undo_until === null
        ? null
        : { ticketId: result.ticket_id, messageId: result.message.id, undoUntil: result.undo_until },
    );
  }

  // Undone: the ticket is open and mine again, its reply back in the box.
  function afterUndo(ticketId: number) {
    setUndoable(null);
    setSubmitted(null);
    void queryClient.invalidateQueries({ queryKey: ticketKeys.queue() });
    void queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticketId) });
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set('ticket', String(ticketId));
      return next;
    });
  }

  function skip() {
    if (linked !== null) dropDeepLink(linked);
    else if (currentId !== null) setSkipped((previous) => skipTicket(previous, currentId));
  }

  let main;
  if (!online) {
    main = (
      <Card withBorder radius="md" py="xl">
        <EmptyState
          icon={<InboxIcon />}
          title="You are offline"
          description={
            linked === null
              ? 'Go online to start working the ticket queue.'
              : `Go online to start working the ticket queue; ticket #${linked} opens then.`
          }
        />
      </Card>
    );
  } else if (linked === null && queue.isError) {
    main = (
      <Alert color="red" variant="light" title="The queue could not be loaded">
        <Stack gap="xs" align="flex-start">
          {errorMessages(queue.error).join(' ')}
          <Button size="xs" variant="default" onClick={() => void queue.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (linked === null && queue.isPending) {
    main = <Skeleton h={320} radius="md" aria-label="Loading the queue" />;
  } else if (currentId === null) {
    main = (
      <Card withBorder radius="md" py={48}>
        <EmptyState
          icon={<InboxIcon />}
          title="All caught up"
          description="No tickets waiting. New messages will appear here."
        />
      </Card>
    );
  } else {
    main = (
      <TicketScreen key={currentId} ticketId={currentId} onLeft={afterLeaving} onSent={afterSending} onSkip={skip} />
    );
  }

  return (
    <Stack gap="sm">
      <VisuallyHidden>
        <Title order={1}>Dashboard</Title>
      </VisuallyHidden>
      <ControlsBar
        queue={online ? queue.data : undefined}
        fetching={online && queue.isFetching}
        canSeeEscalated={canSeeEscalated}
        pendingCount={pending.length}
        submittedTicketId={submitted}
        onHelp={openHelp}
      />
      {undoable && (
        <Suspense fallback={null}>
          <UndoSendBar key={undoable.messageId} sent={undoable} onUndone={afterUndo} onDone={endUndo} />
        </Suspense>
      )}
      {main}
      {helpLoaded && (
        <Suspense fallback={null}>
          <ShortcutHelp opened={helpOpened} onClose={help.close} />
        </Suspense>
      )}
    </Stack>
  );
}
