import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { employees, sessions } from '@portal/db';
import { createEmployee, DEFAULT_TEST_PASSWORD } from '@portal/db/testing';
import { enrolMfa, totpCodeAt } from '../../testing/mfa-staff.ts';
import { signIn } from '../../testing/session-helpers.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { mfaNeededForPermissions } from './service.ts';

// Issue 27 section 7: outside dev, an employee who holds staff administration or SSN reveal signs
// in with MFA. Without it enrolled, the password leads to enrolment, never to a session.
let counter = 0;
async function employeeWith(t: TestApp, roles: string[]) {
  counter += 1;
  const email = `sensitive${counter}@portal.example`;
  const employee = await createEmployee(t.database.db, { email, roles });
  return { email, id: employee.id, address: `10.28.0.${counter}` };
}
const sessionsOf = async (t: TestApp, employeeId: number) =>
  t.database.db.select().from(sessions).where(eq(sessions.employeeId, employeeId));

describe('outside dev', () => {
  const t = useTestApp({ stage: 'production' });

  it('refuses the password alone to staff administrators and SSN revealers, saying to enrol, with no session', async () => {
    for (const [roles, words] of [
      [['agent', 'staff_admin'], ['staff administration']],
      [['agent', 'ssn_reveal'], ['revealing SSNs']],
      [
        ['staff_admin', 'ssn_reveal'],
        ['staff administration', 'revealing SSNs'],
      ],
    ] as const) {
      const employee = await employeeWith(t, [...roles]);
      const response = await signIn(
        t.app,
        { email: employee.email, password: DEFAULT_TEST_PASSWORD },
        employee.address,
      );
      expect(response.statusCode, roles.join()).toBe(401);
      expect(response.json()).toEqual({ errors: [mfaNeededForPermissions(words)] });
      expect(response.json().errors[0]).toMatch(/need MFA: set it up with "Enable MFA"/);
      expect(await sessionsOf(t, employee.id)).toHaveLength(0);
    }
  });

  it('lets them in once enrolled, with the first good code', async () => {
    const employee = await employeeWith(t, ['agent', 'staff_admin']);
    const secret = await enrolMfa(t.app, employee.email, employee.address);
    // Enrolment pending: the password alone still leads to enrolment.
    expect(
      (await signIn(t.app, { email: employee.email, password: DEFAULT_TEST_PASSWORD }, employee.address)).statusCode,
    ).toBe(401);
    const otp = await totpCodeAt(secret, t.clock.now());
    const response = await signIn(
      t.app,
      { email: employee.email, password: DEFAULT_TEST_PASSWORD, otp },
      employee.address,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ mfaEnabled: true, permissions: ['lists.export', 'staff.admin'] });
    const [row] = await t.database.db.select().from(employees).where(eq(employees.id, employee.id));
    expect(row?.mfaSecret).not.toBeNull();
  });

  it('leaves MFA optional for employees without those permissions', async () => {
    const employee = await employeeWith(t, ['agent', 'escalations', 'loan_adjustments']);
    const response = await signIn(t.app, { email: employee.email, password: DEFAULT_TEST_PASSWORD }, employee.address);
    expect(response.statusCode).toBe(200);
    expect(response.json().mfaEnabled).toBe(false);
  });
});

describe('in dev', () => {
  const t = useTestApp({ stage: 'dev' });

  it('keeps MFA optional for everyone, as before', async () => {
    const employee = await employeeWith(t, ['agent', 'staff_admin', 'ssn_reveal']);
    const response = await signIn(t.app, { email: employee.email, password: DEFAULT_TEST_PASSWORD }, employee.address);
    expect(response.statusCode).toBe(200);
  });
});
