import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionCalls } from '@portal/contracts';
import { requireSession } from '../../platform/request-session.ts';
import { registerCall } from '../../platform/register-call.ts';
import { toCurrentSession, type RequestContext, type SessionService } from './service.ts';

export function registerSessionRoutes(app: FastifyInstance, sessions: SessionService, escalationContact: string): void {
  registerCall(app, sessionCalls.signIn, async (request) => ({
    ...(await sessions.signIn(request.body.employee, contextOf(request))),
    escalation_contact: escalationContact,
  }));

  registerCall(app, sessionCalls.enableMfa, (request) => sessions.startMfaEnrolment(request.body, contextOf(request)));

  registerCall(app, sessionCalls.getCurrentSession, (request) => ({
    ...toCurrentSession(requireSession(request)),
    escalation_contact: escalationContact,
  }));

  registerCall(app, sessionCalls.signOut, async (request) => {
    await sessions.signOut(requireSession(request), contextOf(request));
    return { signedOut: true as const };
  });

  registerCall(app, sessionCalls.toggleOnline, (request) =>
    sessions.toggleOnline(requireSession(request), request.body.online, contextOf(request)),
  );
}

function contextOf(request: FastifyRequest): RequestContext {
  return { ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? null };
}
