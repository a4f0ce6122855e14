// The tickets module's public face: other modules import from here, never from its other files.

import type { PortalModule } from '../../platform/portal-module.ts';
import type { TicketsDeps } from './deps.ts';
import { registerTicketRoutes } from './routes.ts';
import { createTicketService } from './service.ts';
import { registerTicketAccountRoutes } from './ticket-account-routes.ts';

export { findLatestTicketIdOfCustomer, recountFirstResponseBusinessSeconds } from './repository.ts';
// The customer a ticket is linked to (the macros' values start from a ticket's id).
export { findTicketCustomer } from './repository.ts';

// The conversation's open ticket on a channel (archived or not): inbound messages and every message
// staff send to a customer thread through it.
export {
  findOpenTicket,
  findOpenTicketIdOfCustomer,
  findOpenTicketOf,
  openConversationTicket,
  unarchiveOnCustomerReply,
} from './open-ticket.ts';
export { originateMessage } from './originate-message.ts';
export { replySubject } from './reply-service.ts';

// The tickets module (decision 045): the ticket service, built once, and the ticket calls (the queue,
// the ticket, its state and replies, and the calls by a ticket's id on its customer's account).
export function createTicketsModule(deps: TicketsDeps): PortalModule {
  const service = createTicketService(deps);
  return {
    registerRoutes: (app) => {
      registerTicketRoutes(app, deps, service);
      registerTicketAccountRoutes(app, deps, service);
    },
  };
}
