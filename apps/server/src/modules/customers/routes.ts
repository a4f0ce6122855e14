import type { FastifyInstance } from 'fastify';
import { customerCalls } from '@portal/contracts';
import type { ServerContext } from '../../context.ts';
import { actorOf } from '../../platform/actor.ts';
import { registerCall } from '../../platform/register-call.ts';
import type { TicketService } from '../tickets/index.ts';
import { editTicketCustomerField } from './edit-ticket-customer-field.ts';
import { linkTicket } from './link-ticket.ts';

// The customer's own data: read and edited (by the ticket they wrote on, as the spec's calls name
// them), and a ticket from an unknown sender linked to a customer.
export function registerCustomerRoutes(app: FastifyInstance, context: ServerContext, tickets: TicketService): void {
  // The ticket's customer, read with the ticket view's own prepared statement.
  registerCall(app, customerCalls.getUserInfo, (request) => tickets.getUserInfo(request.query.id));

  registerCall(app, customerCalls.updateUserInfo, (request) =>
    editTicketCustomerField(context, actorOf(request), request.body.id, request.body.parameter, request.body.text),
  );

  registerCall(app, customerCalls.linkTicket, (request) => linkTicket(context, actorOf(request), request.body));
}
