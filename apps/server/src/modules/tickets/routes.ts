import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_BASE_PATH,
  loanInfoResponse,
  sendPasswordResetResponse,
  sendReplyRequest,
  sendReplyResponse,
  ticket,
  ticketIdBody,
  ticketIdQuery,
  ticketQuery,
  ticketsQuery,
  ticketStateResponse,
  userInfo,
} from '@portal/contracts';
import type { ServerContext } from '../../context.ts';
import { requireSession } from '../../plugins/auth.ts';
import { parseInput } from '../../platform/request-input.ts';
import type { Caller } from './caller.ts';
import { createTicketService } from './service.ts';
import { createTicketsResponseWriter } from './tickets-response-writer.ts';
import type { TicketStateChange } from './state-service.ts';

export function registerTicketRoutes(app: FastifyInstance, context: ServerContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tickets = createTicketService(context);

  // The body follows the ticketsResponse contract but is written by its own writer, which reuses
  // the shared lists' bytes between polls (tickets-response-writer.ts).
  const writeTicketsResponse = createTicketsResponseWriter();
  api.get(`${API_BASE_PATH}/tickets`, { schema: { querystring: ticketsQuery } }, async (request, reply) => {
    const body = writeTicketsResponse(await tickets.listTickets(callerOf(request), request.query.num));
    return reply.type('application/json; charset=utf-8').send(body);
  });

  api.get(`${API_BASE_PATH}/ticket`, { schema: { querystring: ticketQuery, response: { 200: ticket } } }, (request) =>
    tickets.getTicket(callerOf(request), request.query.id, request.query.preview),
  );

  api.get(`${API_BASE_PATH}/user_info`, { schema: { querystring: ticketIdQuery, response: { 200: userInfo } } }, (request) =>
    tickets.getUserInfo(request.query.id),
  );

  api.get(`${API_BASE_PATH}/loan_info`, { schema: { querystring: ticketIdQuery, response: { 200: loanInfoResponse } } }, (request) =>
    tickets.getLoanInfo(request.query.id),
  );

  // The spec's client sends the id in the query; other clients send a body. Either is accepted.
  api.delete(`${API_BASE_PATH}/ticket`, { schema: { response: { 200: ticketStateResponse } } }, (request) =>
    tickets.changeTicketState(callerOf(request), idFromQueryOrBody(request), 'close'),
  );

  const stateChanges: ReadonlyArray<[string, TicketStateChange]> = [
    ['archive_ticket', 'archive'],
    ['unarchive_ticket', 'unarchive'],
    ['escalate_ticket', 'escalate'],
    ['deescalate_ticket', 'deescalate'],
  ];
  for (const [path, change] of stateChanges) {
    api.patch(`${API_BASE_PATH}/${path}`, { schema: { body: ticketIdBody, response: { 200: ticketStateResponse } } }, (request) =>
      tickets.changeTicketState(callerOf(request), request.body.id, change),
    );
  }

  api.post(`${API_BASE_PATH}/send_reply`, { schema: { body: sendReplyRequest, response: { 200: sendReplyResponse } } }, (request) =>
    tickets.sendReply(callerOf(request), request.body),
  );

  api.post(
    `${API_BASE_PATH}/send_password_reset`,
    { schema: { body: ticketIdBody, response: { 200: sendPasswordResetResponse } } },
    (request) => tickets.sendPasswordReset(callerOf(request), request.body.id),
  );
}

function callerOf(request: FastifyRequest): Caller {
  const session = requireSession(request);
  return { employeeId: session.employeeId, name: session.name, permissions: session.permissions, ipAddress: request.ip };
}

function idFromQueryOrBody(request: FastifyRequest): number {
  const fromBody = fieldOf(request.body, 'id');
  return parseInput(ticketIdQuery, { id: fromBody ?? fieldOf(request.query, 'id') }).id;
}

function fieldOf(container: unknown, name: string): unknown {
  if (typeof container !== 'object' || container === null || !(name in container)) return undefined;
  return (container as Record<string, unknown>)[name];
}
