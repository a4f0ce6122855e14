import { bulkInsert, messages, resetIdentitySequences, tickets, type Database } from '@portal/db';

const DAY_MS = 24 * 60 * 60 * 1000;
const CHUNK_TICKETS = 20_000;

// Deterministic extra tickets and messages on top of the demo data, so the queue is measured at
// scale: most tickets closed, a tenth open, a few archived or escalated; about 5 messages each.
export async function generateBenchTickets(
  db: Database,
  options: {
    tickets: number;
    messages: number;
    customers: number;
    firstTicketId: number;
    firstMessageId: number;
    now: Date;
  },
): Promise<{ tickets: number; messages: number }> {
  // mulberry32: small, fast and well spread (a plain LCG clustered customers badly).
  let seed = 20_261_121;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
  const perTicket = options.messages / options.tickets;
  let messageId = options.firstMessageId;
  let messagesMade = 0;
  for (let start = 0; start < options.tickets; start += CHUNK_TICKETS) {
    const ticketRows: Array<typeof tickets.$inferInsert> = [];
    const messageRows: Array<typeof messages.$inferInsert> = [];
    for (let index = start; index < Math.min(options.tickets, start + CHUNK_TICKETS); index += 1) {
      const id = options.firstTicketId + index;
      const matched = random() > 0.02;
      const customerId = matched ? 1 + Math.floor(random() * options.customers) : null;
      const channel = random() < 0.6 ? 'text' : 'email';
      const contact =
        channel === 'text' ? `555${String(Math.floor(random() * 1e7)).padStart(7, '0')}` : `bench${id}@example.com`;
      const createdAt = new Date(options.now.getTime() - random() * 60 * DAY_MS);
      const roll = random();
      const state = roll < 0.1 ? 'open' : 'closed';
      ticketRows.push({
        id,
        customerId,
        channel,
        contact,
        subject: channel === 'email' ? 'Question about my loan' : null,
        state,
        archivedAt: state === 'open' && roll < 0.005 ? createdAt : null,
        escalatedAt: state === 'open' && roll >= 0.005 && roll < 0.01 ? createdAt : null,
        closedAt: state === 'closed' ? new Date(createdAt.getTime() + DAY_MS / 4) : null,
        createdAt,
      });
      // Spread the message budget evenly: the ticket gets floor or ceil of the average.
      const count = Math.max(1, Math.round(perTicket * (index + 1)) - Math.round(perTicket * index));
      for (let position = 0; position < count && messagesMade < options.messages; position += 1) {
        const inbound = position % 2 === 0;
        messageRows.push({
          id: messageId++,
          ticketId: id,
          customerId,
          type: channel,
          inbound,
          subject: channel === 'email' ? 'Question about my loan' : null,
          body: inbound
            ? 'Can I change my payment date to the 15th?'
            : 'Thanks for reaching out, I have updated that for you.',
          fromAddress: inbound ? contact : null,
          toAddress: inbound ? null : contact,
          status: inbound ? 'received' : 'sent',
          processed: state === 'closed' || !inbound,
          createdAt: new Date(createdAt.getTime() + position * 60_000),
        });
        messagesMade += 1;
      }
    }
    await bulkInsert(db, tickets, ticketRows);
    await bulkInsert(db, messages, messageRows);
  }
  await resetIdentitySequences(db, [tickets, messages]);
  return { tickets: options.tickets, messages: messagesMade };
}
