import type { FastifyInstance } from 'fastify';
import type { Executor } from '@portal/db';
import { createEmployee, DEFAULT_TEST_PASSWORD, testPasswordHash } from '@portal/db/testing';

export type SignedInStaff = {
  id: number;
  name: string;
  email: string;
  token: string;
  headers: { authorization: string };
};

let staffCounter = 0;

// Creates an employee, signs them in through the API and, unless told otherwise, sets them online.
export async function createSignedInStaff(
  app: FastifyInstance,
  db: Executor,
  options: { roles?: string[]; online?: boolean; name?: string } = {},
): Promise<SignedInStaff> {
  staffCounter += 1;
  const email = `staff${staffCounter}.${process.pid}@portal.example`;
  const employee = await createEmployee(db, {
    email,
    name: options.name ?? `Agent ${staffCounter}`,
    passwordHash: await testPasswordHash(),
    roles: options.roles ?? ['agent'],
  });
  const signIn = await app.inject({
    method: 'POST',
    url: '/internal/api/employees/sign_in',
    payload: { employee: { email, password: DEFAULT_TEST_PASSWORD } },
    // Each employee from its own address, so the per-address sign-in limit never trips in a test.
    remoteAddress: `10.9.${Math.floor(staffCounter / 250) % 250}.${staffCounter % 250}`,
  });
  if (signIn.statusCode !== 200)
    throw new Error(`createSignedInStaff: sign-in answered ${signIn.statusCode} ${signIn.body}`);
  const token: string = signIn.json().apiToken;
  const staff = { id: employee.id, name: employee.name, email, token, headers: { authorization: `Bearer ${token}` } };
  if (options.online ?? true) await setOnline(app, staff, true);
  return staff;
}

export async function setOnline(app: FastifyInstance, staff: SignedInStaff, online: boolean): Promise<void> {
  const response = await app.inject({
    method: 'PATCH',
    url: '/internal/api/toggle_online',
    headers: staff.headers,
    payload: { online },
  });
  if (response.statusCode !== 200)
    throw new Error(`setOnline: toggle_online answered ${response.statusCode} ${response.body}`);
}

// A call under /internal/api/ as a staff screen makes it: a GET's payload is its query, any other's
// its JSON body; with no payload, the request carries neither.
export function callAsStaff(
  app: FastifyInstance,
  staff: Pick<SignedInStaff, 'headers'>,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  payload?: object,
) {
  return app.inject({
    method,
    url: `/internal/api/${path}`,
    headers: staff.headers,
    ...(payload === undefined ? {} : method === 'GET' ? { query: payload as Record<string, string> } : { payload }),
  });
}
