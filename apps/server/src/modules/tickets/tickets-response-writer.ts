import { z } from 'zod';
import {
  ticketsResponseSchema,
  ticketSummarySchema,
  type TicketsResponse,
  type TicketSummary,
} from '@portal/contracts';
import { compileSerializer } from '../../plugins/response-serializer.ts';

const writeOwnParts = compileSerializer(ticketsResponseSchema.omit({ archivedTickets: true, escalatedTickets: true }));
const writeSummaries = compileSerializer(z.array(ticketSummarySchema));

// The body of GET tickets, as the contract's serializer writes it. The archived and escalated
// lists are the same for every employee until refreshed (queue-service.ts) and are most of the
// body (two lists of 100), so each list is written to bytes once and reused while it is the same
// array; only the caller's own part is written per poll.
export function createTicketsResponseWriter(): (response: TicketsResponse) => Buffer {
  const written = new WeakMap<readonly TicketSummary[], Buffer>();
  const summariesBytes = (list: readonly TicketSummary[]): Buffer => {
    let bytes = written.get(list);
    if (bytes === undefined) {
      bytes = Buffer.from(writeSummaries([...list]));
      written.set(list, bytes);
    }
    return bytes;
  };
  return ({ archivedTickets, escalatedTickets, ...own }) => {
    const ownJson = writeOwnParts(own);
    return Buffer.concat([
      // The own object without its closing brace; its fields are required, so a comma follows.
      Buffer.from(`${ownJson.slice(0, -1)},"archivedTickets":`),
      summariesBytes(archivedTickets),
      Buffer.from(',"escalatedTickets":'),
      summariesBytes(escalatedTickets),
      Buffer.from('}'),
    ]);
  };
}
