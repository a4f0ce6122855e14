import type { FastifyInstance } from 'fastify';
import type { Database } from '@portal/db';
import { createSignedInStaff } from './staff-helpers.ts';

export type StaffSession = { employeeId: number; token: string; headers: { authorization: string } };

// A new employee, signed in but offline: the bearer header to send with every staff call.
export async function signInAsStaff(
  app: FastifyInstance,
  db: Database,
  roles: string[] = ['agent'],
): Promise<StaffSession> {
  const staff = await createSignedInStaff(app, db, { roles, online: false });
  return { employeeId: staff.id, token: staff.token, headers: staff.headers };
}
