import type { FastifyRequest } from 'fastify';
import type { Permission } from '@portal/contracts';
import { unauthorized } from './http-error.ts';

// The signed-in employee a request carries, as the session module authenticates them: the type,
// the check every route makes (requireSession), and what plugins/auth.ts needs of the session
// module (Authenticator). Here, below every module, so that the plugin and the session's own routes
// do not import each other.

export type AuthenticatedSession = {
  sessionId: number;
  tokenHash: string;
  employeeId: number;
  email: string;
  name: string;
  clearance: number;
  online: boolean;
  permissions: Permission[];
  mfaEnabled: boolean;
  expiresAt: Date;
};

export type Authenticator = {
  authenticate(token: string | null): Promise<AuthenticatedSession>;
};

/* eslint-disable @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces */
declare module 'fastify' {
  interface FastifyRequest {
    // Set by plugins/auth.ts before validation: null on a public route called without a token.
    auth: AuthenticatedSession | null;
  }
  interface FastifyContextConfig {
    // Answers without a staff session: sign-in, MFA enrolment, health, the inbound webhooks (which
    // check their own secrets) and the web app's files. Every other route needs a session.
    public?: boolean;
    // On a public route: a token, when one is sent, is checked (401 if it is not good) and the
    // session is known to the handler (the blog answers drafts to staff, live posts to anyone).
    sessionIfSent?: boolean;
    // The permissions of which the employee must hold one (decision 037): set from the call's
    // declared access by registerCall, checked here before validation and the handler.
    anyOf?: readonly Permission[];
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

export function requireSession(request: FastifyRequest): AuthenticatedSession {
  if (!request.auth) throw unauthorized('Sign in to continue.');
  return request.auth;
}

// The token a request carries: a bearer header, or a `token` field in the body or query (as the
// spec's clients send it).
export function requestTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith('bearer ')) return header.slice(7).trim() || null;
  return fieldToken(request.body) ?? fieldToken(request.query);
}

function fieldToken(container: unknown): string | null {
  if (typeof container !== 'object' || container === null || !('token' in container)) return null;
  const { token } = container;
  return typeof token === 'string' && token !== '' ? token : null;
}
