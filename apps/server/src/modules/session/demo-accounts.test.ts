import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditEvents, employees, sessions } from '@portal/db';
import { createEmployee } from '@portal/db/testing';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@portal/demo-data';
import { signInWithMfa } from '../../testing/mfa-staff.ts';
import { signIn } from '../../testing/session-helpers.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNT_REFUSAL } from './service.ts';

// Issue 27 section 5: the demo accounts' password is published. Outside dev they never sign in
// and are never reactivated, whatever an administrator does after the start's check.
async function demoEmployee(t: TestApp, email: string, active: boolean) {
  const employee = await createEmployee(t.database.db, {
    email,
    password: DEMO_PASSWORD,
    roles: ['agent', 'staff_admin', 'ssn_reveal'],
  });
  if (!active) await t.database.db.update(employees).set({ active: false }).where(eq(employees.id, employee.id));
  return employee;
}

const reactivate = (t: TestApp, headers: Record<string, string>, employeeId: number) =>
  t.app.inject({
    method: 'PATCH',
    url: '/internal/api/staff/reactivate',
    headers,
    payload: { employee_id: employeeId },
  });

describe('demo accounts outside dev', () => {
  const t = useTestApp({ stage: 'production' });

  it('cannot sign in with the published password, and no session is made', async () => {
    const demo = await demoEmployee(t, DEMO_EMAIL, true);
    const response = await signIn(t.app, { email: DEMO_EMAIL, password: DEMO_PASSWORD }, '10.27.1.1');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ errors: [DEMO_ACCOUNT_REFUSAL] });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.employeeId, demo.id))).toHaveLength(0);
    // A wrong password still says only that.
    const wrong = await signIn(t.app, { email: DEMO_EMAIL, password: 'not the password' }, '10.27.1.1');
    expect(wrong.json()).toEqual({ errors: ['Invalid email or password.'] });
  });

  it('is refused reactivation with a sentence, and stays locked out', async () => {
    const admin = await signInWithMfa(t.app, t.database.db, t.clock, ['agent', 'staff_admin']);
    const demo = await demoEmployee(t, 'agent1@portal.example', false);
    const response = await reactivate(t, admin.headers, demo.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0]).toMatch(/demo account.*published.*STAGE=dev/);
    const [row] = await t.database.db.select().from(employees).where(eq(employees.id, demo.id));
    expect(row?.active).toBe(false);
    const audited = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'staff.employee_reactivated'));
    expect(audited).toHaveLength(0);
    const attempt = await signIn(t.app, { email: 'agent1@portal.example', password: DEMO_PASSWORD }, '10.27.1.2');
    expect(attempt.statusCode).toBe(401);
  });
});

describe('demo accounts in dev', () => {
  const t = useTestApp({ stage: 'dev' });

  it('sign in and are reactivated as before', async () => {
    const admin = await signInWithMfa(t.app, t.database.db, t.clock, ['agent', 'staff_admin']);
    const demo = await demoEmployee(t, DEMO_EMAIL, false);
    expect((await reactivate(t, admin.headers, demo.id)).statusCode).toBe(200);
    const response = await signIn(t.app, { email: DEMO_EMAIL, password: DEMO_PASSWORD }, '10.27.2.1');
    expect(response.statusCode).toBe(200);
    expect(response.json().permissions).toContain('staff.admin');
  });
});
