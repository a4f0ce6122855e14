import type { Executor } from '@portal/db';

// Which ticket a message staff send to a customer joins: their open ticket on that channel, so it
// shows in the conversation the customer answers in. The tickets module owns tickets and answers
// (tickets/open-ticket.ts); buildApp hands its answer over here, so the modules tickets itself uses
// (loans) thread their messages without importing tickets back.
export type MessageThreads = {
  openTicketIdOf: (db: Executor, customerId: number, channel: 'text' | 'email') => Promise<number | null>;
};
