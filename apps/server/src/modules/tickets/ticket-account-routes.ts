import type { FastifyInstance } from 'fastify';
import { customerCalls, loanCalls } from '@portal/contracts';
import type { TicketsDeps } from './deps.ts';
import { actorOf } from '../../platform/actor.ts';
import { registerCall } from '../../platform/register-call.ts';
import { editTicketCustomerField } from './edit-ticket-customer-field.ts';
import { linkTicket } from './link-ticket.ts';
import type { TicketService } from './service.ts';

// The account of the customer a ticket belongs to, by the ticket's id as the spec's calls name it:
// the customer read and edited, their loans as GET ticket carries them, and a ticket from an unknown
// sender linked to a customer. Tickets owns these calls (they start from the ticket) and asks the
// customers module for the customer's part, so neither customers nor loans imports tickets.
export function registerTicketAccountRoutes(app: FastifyInstance, context: TicketsDeps, tickets: TicketService): void {
  // The ticket's customer and loans, read with the ticket view's own prepared statements.
  registerCall(app, customerCalls.getUserInfo, (request) => tickets.getUserInfo(request.query.id));
  registerCall(app, loanCalls.getLoanInfo, (request) => tickets.getLoanInfo(request.query.id));

  registerCall(app, customerCalls.updateUserInfo, (request) =>
    editTicketCustomerField(context, actorOf(request), request.body.id, request.body.parameter, request.body.text),
  );

  registerCall(app, customerCalls.linkTicket, (request) => linkTicket(context, actorOf(request), request.body));
}
