import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isWholeMessage } from '@portal/contracts';
import { describeDatabaseFailure } from '../platform/database-errors.ts';
import type { AuditEvent } from '../platform/audit.ts';
import { HttpError } from '../platform/http-error.ts';

const SERVER_ERROR = 'Something went wrong on the server. Please try again, and contact engineering if it persists.';
const DATABASE_UNAVAILABLE =
  'The database cannot be reached right now. Nothing was changed; please try again in a moment.';

// Fastify's own client errors, in words a staff member can act on.
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json).',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
};

// Every error answers { errors: [...] }: 4xx for what the caller can fix, 500 (logged) for the rest.
// A refusal that asks to be audited (HttpError.auditAfterRollback) is recorded here, after the
// rollback, by recordAudit; failing to record it is logged, and the caller still gets the refusal.
export function registerErrorHandling(
  app: FastifyInstance,
  recordAudit: (event: AuditEvent) => Promise<void> = async () => {},
): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.auditAfterRollback)
        await recordAudit(error.auditAfterRollback).catch((failure: unknown) =>
          request.log.error({ err: failure }, 'a refusal could not be audited'),
        );
      return reply.code(error.statusCode).send({ ...error.details, errors: error.errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) =>
        describeIssue(issue.instancePath, issue.message ?? 'is not valid'),
      );
      return reply.code(400).send({ errors: [...new Set(errors)] });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ errors: [FRAMEWORK_MESSAGES[error.code] ?? error.message] });
    }
    // A database failure is logged by query and code only: its message and parameters carry
    // customer data (emails, field values, reply bodies).
    const database = describeDatabaseFailure(error);
    if (database?.unavailable) {
      request.log.warn({ database: database.log }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ errors: [DATABASE_UNAVAILABLE] });
    }
    if (database) {
      request.log.error({ database: database.log }, 'query failed');
      return reply.code(500).send({ errors: [SERVER_ERROR] });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ errors: [SERVER_ERROR] });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ errors: [`There is no ${request.method} ${request.url.split('?')[0]}.`] });
  });
}

// Our schemas write whole sentences; zod's defaults ("Invalid input: expected string") get the field named.
function describeIssue(instancePath: string, message: string): string {
  if (isWholeMessage(message)) return message;
  const field = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return field ? `${field}: ${message}` : message;
}
