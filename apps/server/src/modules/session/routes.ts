import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_BASE_PATH,
  currentSessionResponse,
  enableMfaRequest,
  enableMfaResponse,
  sessionResponse,
  signInRequest,
  signOutResponse,
  toggleOnlineRequest,
  toggleOnlineResponse,
} from '@portal/contracts';
import { requireSession } from '../../plugins/auth.ts';
import { toCurrentSession, type RequestContext, type SessionService } from './service.ts';

export function registerSessionRoutes(app: FastifyInstance, sessions: SessionService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    `${API_BASE_PATH}/employees/sign_in`,
    { config: { public: true }, schema: { body: signInRequest, response: { 200: sessionResponse } } },
    (request) => sessions.signIn(request.body.employee, contextOf(request)),
  );

  api.post(
    `${API_BASE_PATH}/enable_2fa`,
    { config: { public: true }, schema: { body: enableMfaRequest, response: { 200: enableMfaResponse } } },
    (request) => sessions.startMfaEnrolment(request.body, contextOf(request)),
  );

  api.get(`${API_BASE_PATH}/employees/session`, { schema: { response: { 200: currentSessionResponse } } }, (request) =>
    toCurrentSession(requireSession(request)),
  );

  api.delete(`${API_BASE_PATH}/employees/sign_out`, { schema: { response: { 200: signOutResponse } } }, async (request) => {
    await sessions.signOut(requireSession(request), contextOf(request));
    return { signedOut: true as const };
  });

  api.patch(
    `${API_BASE_PATH}/toggle_online`,
    { schema: { body: toggleOnlineRequest, response: { 200: toggleOnlineResponse } } },
    (request) => sessions.toggleOnline(requireSession(request), request.body.online, contextOf(request)),
  );
}

function contextOf(request: FastifyRequest): RequestContext {
  return { ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? null };
}
