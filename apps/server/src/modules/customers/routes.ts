import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_BASE_PATH, actionResponse, userInfoPatch } from '@portal/contracts';
import type { ServerContext } from '../../context.ts';
import { actorOf } from '../../platform/actor.ts';
import { openDocument } from './documents.ts';
import { editTicketCustomerField } from './edit-customer-field.ts';

export function registerCustomerRoutes(app: FastifyInstance, context: ServerContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // GET user_info (the read) belongs to the tickets module; this is the edit.
  api.patch(`${API_BASE_PATH}/user_info`, { schema: { body: userInfoPatch, response: { 200: actionResponse } } }, (request) =>
    editTicketCustomerField(context, actorOf(request), request.body.id, request.body.parameter, request.body.text),
  );

  // The web app fetches this with its bearer header and opens the blob.
  api.get(`${API_BASE_PATH}/documents/:id`, { schema: { params: z.object({ id: z.string() }) } }, async (request, reply) => {
    const file = await openDocument(context, request.params.id);
    return reply
      .type(file.contentType)
      .header('content-disposition', `inline; filename="${file.fileName.replace(/[^\w.-]+/g, '_')}"`)
      .header('cache-control', 'private, no-store')
      .send(file.content);
  });
}
