import type { FastifyInstance } from 'fastify';
import type { Database } from '@portal/db';
import { createEmployee, DEFAULT_TEST_PASSWORD } from '@portal/db/seed';
import { signIn } from './session-helpers.ts';

let counter = 0;

export type StaffSession = { employeeId: number; token: string; headers: { authorization: string } };

// A new employee, signed in: the bearer header to send with every staff call.
export async function signInAsStaff(app: FastifyInstance, db: Database, roles: string[] = ['agent']): Promise<StaffSession> {
  counter += 1;
  const email = `staff${counter}.${process.pid}@portal.example`;
  const employee = await createEmployee(db, { email, roles });
  const response = await signIn(app, { email, password: DEFAULT_TEST_PASSWORD });
  if (response.statusCode !== 200) throw new Error(`signInAsStaff: sign-in answered ${response.statusCode}`);
  const token = response.json<{ apiToken: string }>().apiToken;
  return { employeeId: employee.id, token, headers: { authorization: `Bearer ${token}` } };
}
