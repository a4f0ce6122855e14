import type { z } from 'zod';
import { isWholeMessage } from '@portal/contracts';
import { badRequest } from './http-error.ts';

// Validates input a route cannot give Fastify as a schema (a body that must first pass a signature
// check, or a DELETE whose fields may come in the body or the query), with the same 400 answer.
export function parseInput<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => {
    if (isWholeMessage(issue.message)) return issue.message;
    const field = issue.path.map(String).join('.');
    return field ? `${field}: ${issue.message}` : issue.message;
  });
  throw badRequest([...new Set(errors)]);
}
