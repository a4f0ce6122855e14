import { useArchiveTicket } from '../api/archive-ticket.ts';
import { useCloseTicket } from '../api/close-ticket.ts';
import { useEscalateTicket } from '../api/escalate-ticket.ts';
import { flash } from '../../../lib/flash.ts';

export type TicketActions = {
  close: () => void;
  archive: () => void;
  escalate: () => void;
  pending: 'close' | 'archive' | 'escalate' | null;
};

// Close, archive and escalate for the ticket on screen: the buttons and the keyboard shortcuts share
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
  const pending = close.isPending ? 'close' : archive.isPending ? 'archive' : escalate.isPending ? 'escalate' : null;
  // One ticket move at a time: a second shortcut while one runs would act on the next ticket.
  const guard = (run: () => void) => () => {
    if (pending === null) run();
  };
  return {
    close: guard(() => close.mutate(ticketId)),
    archive: guard(() => archive.mutate(ticketId)),
    escalate: guard(() => escalate.mutate(ticketId)),
    pending,
  };
}
