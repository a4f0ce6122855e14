import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_BASE_PATH,
  actionResponse,
  fetchDocumentsQuery,
  fetchDocumentsResponse,
  linkTicketRequest,
  linkTicketResponse,
  rawMessageQuery,
  rawMessageResponse,
  resendApprovalTextRequest,
  resendApprovalTextResponse,
  takeMessageActionRequest,
} from '@portal/contracts';
import type { ServerContext } from '../../context.ts';
import { actorOf } from '../../platform/actor.ts';
import { listCustomerDocuments } from '../customers/documents.ts';
import { resendApprovalText } from '../loans/loan-messages.ts';
import { linkTicket } from './link-ticket.ts';
import { takeMessageAction } from './message-actions.ts';
import { getRawMessage } from './raw-message.ts';

// The users/* calls of the ticket view (spec 000 section 7, Users). The auth hook has already
// required a session; actorOf names who acts, for the audit.
export function registerUserRoutes(app: FastifyInstance, context: ServerContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const base = `${API_BASE_PATH}/users`;

  api.post(`${base}/link_ticket`, { schema: { body: linkTicketRequest, response: { 200: linkTicketResponse } } }, (request) =>
    linkTicket(context, actorOf(request), request.body),
  );

  api.get(`${base}/get_raw_message`, { schema: { querystring: rawMessageQuery, response: { 200: rawMessageResponse } } }, (request) =>
    getRawMessage(context, request.query.message_id),
  );

  api.post(`${base}/resend_approval_text`, { schema: { body: resendApprovalTextRequest, response: { 200: resendApprovalTextResponse } } }, (request) =>
    resendApprovalText(context, actorOf(request), request.body.loan_id),
  );

  api.post(`${base}/take_message_action`, { schema: { body: takeMessageActionRequest, response: { 200: actionResponse } } }, (request) =>
    takeMessageAction(context, actorOf(request), request.body.message_action, request.body.loan_id),
  );

  api.get(`${base}/fetch_documents`, { schema: { querystring: fetchDocumentsQuery, response: { 200: fetchDocumentsResponse } } }, (request) =>
    listCustomerDocuments(context, request.query.user_id, request.query.loan_id ?? null),
  );
}
