import type { FastifyInstance } from 'fastify';
import { documentCalls } from '@portal/contracts';
import type { DocumentsDeps } from './deps.ts';
import { registerCall } from '../../platform/register-call.ts';
import { listCustomerDocuments, openDocument } from './documents.ts';

// A customer's documents: the list (uploads and monthly statements), and each file.
export function registerDocumentRoutes(app: FastifyInstance, context: DocumentsDeps): void {
  registerCall(app, documentCalls.fetchDocuments, (request) =>
    listCustomerDocuments(context, request.query.user_id, request.query.loan_id ?? null),
  );

  // The web app fetches this with its bearer header and opens the blob.
  registerCall(app, documentCalls.getDocumentFile, async (request, reply) => {
    const file = await openDocument(context, request.params.id);
    return reply
      .type(file.contentType)
      .header('content-disposition', `inline; filename="${file.fileName.replace(/[^\w.-]+/g, '_')}"`)
      .header('cache-control', 'private, no-store')
      .send(file.content);
  });
}
