import type { FastifyInstance, FastifyRequest } from 'fastify';
import { staffCalls } from '@portal/contracts';
import { actorOf } from '../../platform/actor.ts';
import { registerCall } from '../../platform/register-call.ts';
import type { StaffService } from './service.ts';

// Where set-password links point: PUBLIC_URL when configured, else the address this request came to.
function linkBase(request: FastifyRequest, publicUrl: string | null): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

export function registerStaffRoutes(app: FastifyInstance, staff: StaffService, publicUrl: string | null): void {
  registerCall(app, staffCalls.listStaff, (request) => staff.list(request.query));
  registerCall(app, staffCalls.inviteEmployee, (request) =>
    staff.invite(actorOf(request), request.body, linkBase(request, publicUrl)),
  );
  registerCall(app, staffCalls.resendInvitation, (request) =>
    staff.resendInvitation(actorOf(request), request.body.employee_id, linkBase(request, publicUrl)),
  );
  registerCall(app, staffCalls.updateRoles, (request) =>
    staff.updateRoles(actorOf(request), request.body.employee_id, request.body.roles),
  );
  registerCall(app, staffCalls.deactivateEmployee, (request) =>
    staff.deactivate(actorOf(request), request.body.employee_id),
  );
  registerCall(app, staffCalls.reactivateEmployee, (request) =>
    staff.reactivate(actorOf(request), request.body.employee_id),
  );
  registerCall(app, staffCalls.resetMfa, (request) => staff.resetMfa(actorOf(request), request.body.employee_id));
  registerCall(app, staffCalls.listSessions, (request) =>
    staff.listSessions(actorOf(request), request.query.employee_id),
  );
  registerCall(app, staffCalls.revokeSession, (request) =>
    staff.revokeSession(actorOf(request), request.query.session_id),
  );
  registerCall(app, staffCalls.setPassword, (request) => staff.setPassword(request.body, request.ip));
}
