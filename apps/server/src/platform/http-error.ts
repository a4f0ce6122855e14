import type { AuditEvent } from './audit.ts';

// An error a caller can fix: it answers with its status and sentences, and nothing was written.
export class HttpError extends Error {
  readonly statusCode: number;
  readonly errors: string[];
  // Answered beside errors, e.g. the loan as it stands now when a change came from a stale screen.
  readonly details: Readonly<Record<string, unknown>>;
  // A refusal the audit trail keeps (the contact gate's): recorded by the error handler once the
  // transaction that refused has rolled back, so the refusal is kept and nothing else is.
  auditAfterRollback: AuditEvent | null = null;

  constructor(statusCode: number, errors: string | string[], details: Readonly<Record<string, unknown>> = {}) {
    const list = Array.isArray(errors) ? errors : [errors];
    super(list.join(' '));
    this.statusCode = statusCode;
    this.errors = list;
    this.details = details;
  }
}

export const badRequest = (errors: string | string[]) => new HttpError(400, errors);
export const unauthorized = (errors: string | string[]) => new HttpError(401, errors);
export const forbidden = (errors: string | string[]) => new HttpError(403, errors);
export const notFound = (errors: string | string[]) => new HttpError(404, errors);
export const conflict = (errors: string | string[]) => new HttpError(409, errors);
export const unprocessable = (errors: string | string[]) => new HttpError(422, errors);
export const tooManyRequests = (errors: string | string[]) => new HttpError(429, errors);
