import type { FastifyInstance, FastifyRequest } from 'fastify';
import { customerCalls, messageCalls, ticketCalls } from '@portal/contracts';
import type { TicketsDeps } from './deps.ts';
import { actorOf } from '../../platform/actor.ts';
import { readIdempotencyKey } from '../../platform/idempotency-key.ts';
import { registerCall } from '../../platform/register-call.ts';
import { takeMessageAction } from './message-actions.ts';
import { undoReply } from './undo-reply.ts';
import { getRawMessage } from './raw-message.ts';
import type { TicketService } from './service.ts';
import type { TicketStateChange } from './state-service.ts';
import { listTickets } from './ticket-lists.ts';
import { createTicketsResponseWriter } from './tickets-response-writer.ts';

// The ticket workspace's calls: the queue, the ticket, its state, replies and the messages' own actions.
export function registerTicketRoutes(app: FastifyInstance, context: TicketsDeps, tickets: TicketService): void {
  // The body follows the ticketsResponse contract but is written by its own writer, which reuses
  // the shared lists' bytes between polls (tickets-response-writer.ts).
  registerCall(app, ticketCalls.getTickets, (request) => tickets.listTickets(actorOf(request), request.query.num), {
    writeBody: createTicketsResponseWriter(),
  });

  // The archived and escalated lists as pages of their own (issue 40).
  registerCall(app, ticketCalls.archivedTickets, (request) => listTickets(context.db, 'archived', request.query));
  registerCall(app, ticketCalls.escalatedTickets, (request) => listTickets(context.db, 'escalated', request.query));

  registerCall(app, ticketCalls.getTicket, (request) =>
    tickets.getTicket(actorOf(request), request.query.id, request.query.preview),
  );

  // The spec's client sends the id in the query; other clients send a body. Either is accepted.
  registerCall(
    app,
    ticketCalls.closeTicket,
    (request) => tickets.changeTicketState(actorOf(request), request.query.id, 'close'),
    {
      readQuery: idFromQueryOrBody,
    },
  );

  const stateChanges = [
    [ticketCalls.archiveTicket, 'archive'],
    [ticketCalls.unarchiveTicket, 'unarchive'],
    [ticketCalls.escalateTicket, 'escalate'],
    [ticketCalls.deescalateTicket, 'deescalate'],
  ] as const satisfies ReadonlyArray<readonly [unknown, TicketStateChange]>;
  for (const [call, change] of stateChanges) {
    registerCall(app, call, (request) => tickets.changeTicketState(actorOf(request), request.body.id, change));
  }

  registerCall(app, messageCalls.undoSend, async (request) => {
    const answer = await undoReply(context, actorOf(request), request.body.message_id);
    tickets.forgetSharedViews();
    return answer;
  });
  registerCall(app, ticketCalls.snoozeTicket, (request) => tickets.snoozeTicket(actorOf(request), request.body));
  registerCall(app, ticketCalls.unsnoozeTicket, (request) => tickets.unsnoozeTicket(actorOf(request), request.body.id));

  registerCall(app, messageCalls.sendReply, (request) =>
    tickets.sendReply(actorOf(request), request.body, readIdempotencyKey(request)),
  );

  registerCall(app, ticketCalls.sendPasswordReset, (request) =>
    tickets.sendPasswordReset(actorOf(request), request.body.id),
  );

  registerCall(app, customerCalls.getRawMessage, (request) => getRawMessage(context, request.query.message_id));

  registerCall(app, customerCalls.takeMessageAction, (request) =>
    takeMessageAction(context, actorOf(request), request.body.message_action, request.body.loan_id),
  );
}

function idFromQueryOrBody(request: FastifyRequest): { id: unknown } {
  const fromBody = fieldOf(request.body, 'id');
  return { id: fromBody ?? fieldOf(request.query, 'id') };
}

function fieldOf(container: unknown, name: string): unknown {
  if (typeof container !== 'object' || container === null || !(name in container)) return undefined;
  return (container as Record<string, unknown>)[name];
}
