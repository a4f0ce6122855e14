import { ArchivedTicketsPage, EscalatedTicketsPage } from '../../features/tickets/components/ticket-list-page.tsx';

// /tickets/archived and /tickets/escalated (issue 40): the workspace's two drawers as lists of their
// own, whose filters, sort and page a link can carry.
export function ArchivedTicketsRoute() {
  return <ArchivedTicketsPage />;
}

export function EscalatedTicketsRoute() {
  return <EscalatedTicketsPage />;
}
