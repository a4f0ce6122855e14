import { TicketWorkspace } from '../workspace/ticket-workspace.tsx';

// Home (/): the ticket workspace.
export function HomeRoute() {
  return <TicketWorkspace />;
}
