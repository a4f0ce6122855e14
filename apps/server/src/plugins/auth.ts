import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_BASE_PATH } from '@portal/contracts';
import type { AuthenticatedSession } from '../modules/session/session-cache.ts';
import type { SessionService } from '../modules/session/service.ts';
import { unauthorized } from '../platform/http-error.ts';

/* eslint-disable @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces */
declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthenticatedSession | null;
  }
  interface FastifyContextConfig {
    // Routes that answer without a session: sign-in, MFA enrolment, health, inbound webhooks.
    public?: boolean;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

// The token comes as a bearer header, or as a `token` field in the body or query (as the spec's
// clients send it). Authentication runs before validation, so a signed-out caller gets 401, not 400.
export function registerAuthentication(app: FastifyInstance, sessions: SessionService): void {
  app.decorateRequest('auth', null);
  app.addHook('preValidation', async (request) => {
    if (request.is404 || request.routeOptions.config.public || !request.url.startsWith(API_BASE_PATH)) return;
    request.auth = await sessions.authenticate(tokenOf(request));
  });
}

export function requireSession(request: FastifyRequest): AuthenticatedSession {
  if (!request.auth) throw unauthorized('Sign in to continue.');
  return request.auth;
}

function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith('bearer ')) return header.slice(7).trim() || null;
  return fieldToken(request.body) ?? fieldToken(request.query);
}

function fieldToken(container: unknown): string | null {
  if (typeof container !== 'object' || container === null || !('token' in container)) return null;
  const { token } = container;
  return typeof token === 'string' && token !== '' ? token : null;
}
