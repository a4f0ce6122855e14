import type { FastifyInstance } from 'fastify';
import { customerUploadCalls as calls } from '@portal/contracts';
import type { CustomerUploadsDeps } from './deps.ts';
import { registerCall } from '../../platform/register-call.ts';
import { receiveCustomerUpload } from './customer-upload.ts';

// The one call the customer side makes: its proof is the upload link's token, not a staff session.
export function registerCustomerUploadRoutes(app: FastifyInstance, context: CustomerUploadsDeps): void {
  registerCall(app, calls.upload, (request) => receiveCustomerUpload(context, request, request.params.kind), {
    config: { acceptsUploads: true },
  });
}
