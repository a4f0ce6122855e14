// The tickets module's public face: other modules import from here, never from its other files.

export type { TicketService } from './service.ts';
export type { TicketRecord } from './repository.ts';
export { assignTicketToCustomer, lockTicket } from './repository.ts';
export { originateMessage } from './originate-message.ts';
export { replySubject } from './reply-service.ts';
