import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

// A refusal as every call answers it: the status, and a body that is exactly the errors listed
// (nothing else beside them). The body is the status check's message, so a wrong answer shows why.
export function expectErrors(response: LightMyRequestResponse, status: number, errors: unknown[]) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ errors });
}
