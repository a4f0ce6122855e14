import type { FastifyInstance } from 'fastify';
import { transactionEmailCalls } from '@portal/contracts';
import type { TransactionEmailsDeps } from './deps.ts';
import { registerCall } from '../../platform/register-call.ts';
import { listTransactionEmails, readTransactionEmail } from './service.ts';

// The emails our systems sent a customer, read from the file storage (spec 000 section 7, Other).
export function registerTransactionEmailRoutes(app: FastifyInstance, context: TransactionEmailsDeps): void {
  registerCall(app, transactionEmailCalls.listTransactionEmails, (request) =>
    listTransactionEmails(context, request.log, request.query.user_id, request.query.continuation ?? null),
  );
  registerCall(app, transactionEmailCalls.getTransactionEmail, (request) =>
    readTransactionEmail(context, request.log, request.query.user_id, request.query.key),
  );
}
