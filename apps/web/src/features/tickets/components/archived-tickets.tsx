import type { TicketSummary } from '@portal/contracts';
import { errorMessages } from '../../../lib/api-error.ts';
import { flash, flashError } from '../../../lib/flash.ts';
import { useDeescalateTicket } from '../api/deescalate-ticket.ts';
import { useUnarchiveTicket } from '../api/unarchive-ticket.ts';
import { TicketListDrawer } from './ticket-list-drawer.tsx';

// The ticket is not on screen, so its error strip would not be seen: the error is flashed as well.
function showError(error: unknown): void {
  flashError(errorMessages(error).join(' '));
}

export function ArchivedTickets({ tickets }: { tickets: readonly TicketSummary[] }) {
  const unarchive = useUnarchiveTicket();
  return (
    <TicketListDrawer
      label="Archived"
      color="gray"
      fullListPath="/tickets/archived"
      tickets={tickets}
      actionLabel="Unarchive"
      pendingId={unarchive.isPending ? unarchive.variables : null}
      onAction={(id) =>
        unarchive.mutate(id, { onSuccess: () => flash(`Ticket #${id} is back in the queue`), onError: showError })
      }
    />
  );
}

// Shown only with the tickets.view_escalated permission (spec: employee 12).
export function EscalatedTickets({ tickets }: { tickets: readonly TicketSummary[] }) {
  const deescalate = useDeescalateTicket();
  return (
    <TicketListDrawer
      label="Escalated"
      color="orange"
      fullListPath="/tickets/escalated"
      tickets={tickets}
      actionLabel="De-escalate"
      pendingId={deescalate.isPending ? deescalate.variables : null}
      onAction={(id) =>
        deescalate.mutate(id, { onSuccess: () => flash(`Ticket #${id} de-escalated`), onError: showError })
      }
    />
  );
}
