import { openDatabase } from '@portal/db';
import { createEmployee, DEFAULT_TEST_PASSWORD } from '@portal/db/seed';

// An employee to sign in as, and the token the authenticated route is loaded with.
export async function createEmployeeForBench(databaseUrl: string, baseUrl: string): Promise<string> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1 });
  const email = 'bench@portal.example';
  await createEmployee(database.db, { email, roles: ['agent', 'escalations'] });
  await database.close();
  const response = await fetch(`${baseUrl}/internal/api/employees/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ employee: { email, password: DEFAULT_TEST_PASSWORD } }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const { apiToken } = (await response.json()) as { apiToken: string };
  return apiToken;
}
