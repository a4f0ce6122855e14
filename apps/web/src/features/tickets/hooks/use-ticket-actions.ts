import { useArchiveTicket } from '../api/archive-ticket.ts';
import { useCloseTicket } from '../api/close-ticket.ts';
import type { SnoozeTicketRequest } from '@portal/contracts';
import { useEscalateTicket } from '../api/escalate-ticket.ts';
import { useSnoozeTicket } from '../api/snooze-ticket.ts';
import { flash } from '../../../lib/flash.ts';

export type TicketActions = {
  close: () => void;
  archive: () => void;
  escalate: () => void;
  snooze: (until: SnoozeTicketRequest['until']) => void;
  pending: 'close' | 'archive' | 'escalate' | 'snooze' | null;
};

// Close, archive, escalate and snooze for the ticket on screen: the buttons and the keyboard shortcuts share
// them. onLeft runs once the ticket has left my queue (the workspace then shows the next one).
export function useTicketActions(ticketId: number, onLeft: (ticketId: number) => void): TicketActions {
  const close = useCloseTicket(() => {
    flash(`Ticket #${ticketId} closed`);
    onLeft(ticketId);
  });
  const archive = useArchiveTicket(() => {
    flash(`Ticket #${ticketId} archived`);
    onLeft(ticketId);
  });
  const escalate = useEscalateTicket(() => {
    flash(`Ticket #${ticketId} escalated`);
    onLeft(ticketId);
  });
  const snooze = useSnoozeTicket((change) => {
    flash(
      change.snooze?.until_reply
        ? `Ticket #${ticketId} snoozed until the customer replies`
        : `Ticket #${ticketId} snoozed`,
    );
    onLeft(ticketId);
  });
  const pending = close.isPending
    ? 'close'
    : archive.isPending
      ? 'archive'
      : escalate.isPending
        ? 'escalate'
        : snooze.isPending
          ? 'snooze'
          : null;
  // One ticket move at a time: a second shortcut while one runs would act on the next ticket.
  const guard = (run: () => void) => () => {
    if (pending === null) run();
  };
  return {
    close: guard(() => close.mutate(ticketId)),
    archive: guard(() => archive.mutate(ticketId)),
    escalate: guard(() => escalate.mutate(ticketId)),
    snooze: (until) => guard(() => snooze.mutate({ id: ticketId, until }))(),
    pending,
  };
}
