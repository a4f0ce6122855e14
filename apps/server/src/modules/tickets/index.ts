// The tickets module's public face: other modules import from here, never from its other files.

export type { TicketService } from './service.ts';
export { registerTicketAccountRoutes } from './ticket-account-routes.ts';
export type { TicketRecord } from './repository.ts';
export {
  assignTicketToCustomer,
  findLatestTicketIdOfCustomer,
  findTicketCustomer,
  lockTicket,
  recountFirstResponseBusinessSeconds,
} from './repository.ts';
// The conversation's open ticket on a channel (archived or not): inbound messages and every message
// staff send to a customer thread through it.
export type { ConversationOf, TicketChannel } from './open-ticket.ts';
export {
  findOpenTicket,
  findOpenTicketIdOfCustomer,
  findOpenTicketOf,
  openConversationTicket,
  openTicketOf,
  unarchiveOnCustomerReply,
} from './open-ticket.ts';
export { originateMessage } from './originate-message.ts';
export { replySubject } from './reply-service.ts';
