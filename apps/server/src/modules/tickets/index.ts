// The tickets module's public face: other modules import from here, never from its other files.

import type { PortalModule } from '../../platform/portal-module.ts';
import type { TicketsDeps } from './deps.ts';
import { registerTicketRoutes } from './routes.ts';
import { createTicketService } from './service.ts';
import { registerTicketAccountRoutes } from './ticket-account-routes.ts';

export { findLatestTicketIdOfCustomer, recountFirstResponseBusinessSeconds } from './repository.ts';
// The reply-time targets written where the database's clock reads them, and the running clocks'
// due instants worked out again when the business hours change (decision 066).
export { recomputeSlaDueTimes, syncSlaTargets } from './sla-targets-sync.ts';
// The share of reply-time targets each employee met (customer-service analytics).
export { slaSharesByEmployee } from './sla-outcomes.ts';
// A ticket's customer, the customers of tickets, and the customer's tickets as a subquery (the
// internal notes written on tickets, issue 40).
export { findCustomersOfTickets, findTicketCustomer, ticketIdsOfCustomer } from './repository.ts';

// The conversation's open ticket on a channel (archived or not): inbound messages and every message
// staff send to a customer thread through it.
export {
  findOpenTicket,
  findOpenTicketIdOfCustomer,
  findOpenTicketOf,
  openConversationTicket,
  unarchiveOnCustomerReply,
  endSnoozeOnCustomerReply,
} from './open-ticket.ts';
export { originateMessage } from './originate-message.ts';
export { replySubject } from './reply-service.ts';
// The archived and escalated lists under a screen's filters (issue 40: their CSV exports).
export { ticketList } from './ticket-lists.ts';

// The tickets module (decision 045): the ticket service, built once, and the ticket calls (the queue,
// the ticket, its state and replies, and the calls by a ticket's id on its customer's account).
export function createTicketsModule(deps: TicketsDeps): PortalModule & { forgetSharedViews: () => void } {
  const service = createTicketService(deps);
  return {
    forgetSharedViews: service.forgetSharedViews,
    registerRoutes: (app) => {
      registerTicketRoutes(app, deps, service);
      registerTicketAccountRoutes(app, deps, service);
    },
  };
}
