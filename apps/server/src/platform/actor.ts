import type { FastifyRequest } from 'fastify';
import type { Permission } from '@portal/contracts';
import { requireSession } from './request-session.ts';
import { forbidden } from './http-error.ts';

// The signed-in employee acting through a request: who (for the audit and the lease), what they
// may do, and from where. The one type every service takes.
export type Actor = {
  employeeId: number;
  name: string;
  permissions: readonly Permission[];
  ipAddress: string;
};

// The employee behind a request (401 without a session).
export function actorOf(request: FastifyRequest): Actor {
  const session = requireSession(request);
  return {
    employeeId: session.employeeId,
    name: session.name,
    permissions: session.permissions,
    ipAddress: request.ip,
  };
}

// A signed-in customer acting through the customer app (modules/customer-app, decision 036): no
// employee (the audit records employee_id null) and no permissions, so every staff-only exception
// of a rule stays closed to them.
export type CustomerActor = {
  customerId: number;
  employeeId: null;
  permissions: readonly Permission[];
  ipAddress: string;
};

export function hasPermission(actor: Actor | CustomerActor, permission: Permission): boolean {
  return actor.permissions.includes(permission);
}

// 403 with the sentence given unless the actor holds the permission.
export function requirePermission(actor: Actor, permission: Permission, refusal: string): void {
  if (!hasPermission(actor, permission)) throw forbidden(refusal);
}
