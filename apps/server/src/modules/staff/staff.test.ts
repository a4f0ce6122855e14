import { count, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { auditEvents, employees, messages, passwordTokens, sessions } from '@portal/db';
import { DEFAULT_TEST_PASSWORD } from '@portal/db/testing';
import { createRecordingMailer } from '../../testing/recording-senders.ts';
import { signInAsStaff, type StaffSession } from '../../testing/staff-session.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import type { TestApp } from '../../testing/test-app.ts';

const API = '/internal/api';
const NEW_PASSWORD = 'a long enough new password';

function call(
  t: TestApp,
  staff: StaffSession | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url: `${API}/${path}`,
    headers: staff?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

function tokenOf(link: string): string {
  const token = /#token=([\w-]+)$/.exec(link)?.[1];
  if (!token) throw new Error(`No token in ${link}`);
  return token;
}

async function countOf(
  t: TestApp,
  table: typeof employees | typeof passwordTokens | typeof messages | typeof auditEvents,
) {
  const [row] = await t.database.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

function signIn(t: TestApp, email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: `${API}/employees/sign_in`,
    payload: { employee: { email, password } },
    remoteAddress: '10.77.0.1',
  });
}

describe('staff administration', () => {
  const mailer = createRecordingMailer();
  const t = useTestApp({ mailer, publicUrl: 'https://portal.example' });
  const admin = useStaffSession(t, ['agent', 'staff_admin']);
  const agent = useStaffSession(t, ['agent']);

  it('is refused to an employee without the staff.admin permission, and writes nothing', async () => {
    const before = await countOf(t, employees);
    for (const [method, path, payload] of [
      ['GET', 'staff/employees', undefined],
      ['POST', 'staff/invite', { email: 'x@portal.example', name: 'X', roles: ['agent'] }],
      ['PATCH', 'staff/deactivate', { employee_id: admin.employeeId }],
      ['PATCH', 'staff/reset_mfa', { employee_id: admin.employeeId }],
    ] as const) {
      const response = await call(t, agent, method, path, payload);
      expect(response.statusCode, path).toBe(403);
      expect(response.json()).toEqual({ errors: ['Staff administration is for staff administrators only.'] });
    }
    expect(await countOf(t, employees)).toBe(before);
  });

  it('invites an employee: an email with a one-time link that sets their password and lets them in', async () => {
    const response = await call(t, admin, 'POST', 'staff/invite', {
      email: 'New.Hire@portal.example',
      name: 'New Hire',
      roles: ['agent', 'escalations'],
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.message).toBe(
      'The invitation to New.Hire@portal.example is in the outbox and is emailed in a moment. You can also copy the link and hand it over.',
    );
    await t.app.outbox.deliverDue();
    expect(answer.link).toMatch(/^https:\/\/portal\.example\/set-password#token=[\w-]{43}$/);
    expect(mailer.sent.at(-1)).toMatchObject({ to: 'New.Hire@portal.example', subject: 'Your Portal account' });
    expect(mailer.sent.at(-1)?.text).toContain(answer.link);

    // Listed as invited, with the roles given; no password works yet.
    const list = (await call(t, admin, 'GET', 'staff/employees')).json();
    expect(list.employees.find((entry: { id: number }) => entry.id === answer.employee_id)).toMatchObject({
      name: 'New Hire',
      roles: ['agent', 'escalations'],
      active: true,
      mfa: 'off',
      invited: true,
      last_sign_in_at: null,
      active_sessions: 0,
    });
    expect(list.roles.map((role: { name: string }) => role.name)).toContain('staff_admin');

    const set = await call(t, null, 'POST', 'employees/set_password', {
      token: tokenOf(answer.link),
      password: NEW_PASSWORD,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ message: 'Your password is set. Sign in with it.', email: 'New.Hire@portal.example' });
    const signedIn = await signIn(t, 'new.hire@portal.example', NEW_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().permissions).toEqual(['lists.export', 'tickets.view_escalated']);

    // The link works once.
    const again = await call(t, null, 'POST', 'employees/set_password', {
      token: tokenOf(answer.link),
      password: 'another long password',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0]).toMatch(/^This link does not work any more/);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'staff.employee_invited'));
    expect(audit).toMatchObject({ employeeId: admin.employeeId, entityId: String(answer.employee_id) });
  });

  it('refuses an email already taken, an unknown role and a weak password, writing nothing', async () => {
    const before = {
      employees: await countOf(t, employees),
      tokens: await countOf(t, passwordTokens),
      messages: await countOf(t, messages),
    };
    const taken = await call(t, admin, 'POST', 'staff/invite', {
      email: 'NEW.HIRE@portal.example',
      name: 'Again',
      roles: ['agent'],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0]).toMatch(/^NEW\.HIRE@portal\.example already belongs to employee \d+\.$/);
    const unknown = await call(t, admin, 'POST', 'staff/invite', {
      email: 'r@portal.example',
      name: 'R',
      roles: ['agent', 'wizard'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ errors: ['There is no role named wizard.'] });
    const weak = await call(t, null, 'POST', 'employees/set_password', { token: 'x'.repeat(43), password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.join(' ')).toContain('Choose a password of at least 12 characters.');
    expect({
      employees: await countOf(t, employees),
      tokens: await countOf(t, passwordTokens),
      messages: await countOf(t, messages),
    }).toEqual(before);
  });

  it('lets a link expire after 24 hours, and a new invitation replace the old link', async () => {
    const first = (
      await call(t, admin, 'POST', 'staff/invite', { email: 'late@portal.example', name: 'Late', roles: ['agent'] })
    ).json();
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    const expired = await call(t, null, 'POST', 'employees/set_password', {
      token: tokenOf(first.link),
      password: NEW_PASSWORD,
    });
    expect(expired.statusCode).toBe(400);
    const second = (await call(t, admin, 'POST', 'staff/resend_invite', { employee_id: first.employee_id })).json();
    expect(second.link).not.toBe(first.link);
    const third = (await call(t, admin, 'POST', 'staff/resend_invite', { employee_id: first.employee_id })).json();
    // Only the newest link works.
    expect(
      (await call(t, null, 'POST', 'employees/set_password', { token: tokenOf(second.link), password: NEW_PASSWORD }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call(t, null, 'POST', 'employees/set_password', { token: tokenOf(third.link), password: NEW_PASSWORD }))
        .statusCode,
    ).toBe(200);
    // Once the password is set there is no invitation to send again.
    const done = await call(t, admin, 'POST', 'staff/resend_invite', { employee_id: first.employee_id });
    expect(done.statusCode).toBe(409);
  });

  it("changes roles, and the employee's live session has the new permissions at once", async () => {
    const employee = await signInAsStaff(t.app, t.database.db, ['agent']);
    expect((await call(t, employee, 'GET', 'employees/session')).json().permissions).toEqual([]);
    const response = await call(t, admin, 'PATCH', 'staff/roles', {
      employee_id: employee.employeeId,
      roles: ['agent', 'payments_admin'],
    });
    expect(response.statusCode).toBe(200);
    expect((await call(t, employee, 'GET', 'employees/session')).json().permissions).toEqual([
      'payments.ach_files',
      'payments.record_returns',
      'payments.validate_any',
    ]);
  });

  it('never lets an administrator take away their own staff administration or deactivate themselves', async () => {
    const own = await call(t, admin, 'PATCH', 'staff/roles', { employee_id: admin.employeeId, roles: ['agent'] });
    expect(own.statusCode).toBe(409);
    expect(own.json().errors[0]).toMatch(/^You cannot take away your own staff administration/);
    const self = await call(t, admin, 'PATCH', 'staff/deactivate', { employee_id: admin.employeeId });
    expect(self.statusCode).toBe(409);
    expect((await call(t, admin, 'GET', 'employees/session')).json().permissions).toContain('staff.admin');
  });

  it('deactivates a leaver: every session ends at once, sign-in is refused; reactivation lets them back', async () => {
    const leaver = await signInAsStaff(t.app, t.database.db, ['agent']);
    expect((await call(t, leaver, 'GET', 'employees/session')).statusCode).toBe(200);
    const response = await call(t, admin, 'PATCH', 'staff/deactivate', { employee_id: leaver.employeeId });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toMatch(/is deactivated; 1 session ended\.$/);
    expect((await call(t, leaver, 'GET', 'employees/session')).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(employees).where(eq(employees.id, leaver.employeeId));
    expect(row).toMatchObject({ active: false, online: false });
    expect((await call(t, admin, 'PATCH', 'staff/deactivate', { employee_id: leaver.employeeId })).statusCode).toBe(
      409,
    );
    expect((await call(t, admin, 'PATCH', 'staff/reactivate', { employee_id: leaver.employeeId })).statusCode).toBe(
      200,
    );
  });

  it('resets MFA: the secret is gone, the sessions end, and the next sign-in needs a new device', async () => {
    const employee = await signInAsStaff(t.app, t.database.db, ['agent']);
    const [{ email } = { email: '' }] = await t.database.db
      .select({ email: employees.email })
      .from(employees)
      .where(eq(employees.id, employee.employeeId));
    await t.database.db
      .update(employees)
      .set({ mfaSecret: 'sealed-secret', mfaEnabledAt: t.clock.now() })
      .where(eq(employees.id, employee.employeeId));
    const response = await call(t, admin, 'PATCH', 'staff/reset_mfa', { employee_id: employee.employeeId });
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(employees).where(eq(employees.id, employee.employeeId));
    expect(row).toMatchObject({ mfaSecret: null, mfaPendingSecret: null, mfaEnabledAt: null, mfaRequired: true });
    expect((await call(t, employee, 'GET', 'employees/session')).statusCode).toBe(401);

    // The password alone no longer does; Enable MFA, then a first good code, lets them in.
    const refused = await signIn(t, email, DEFAULT_TEST_PASSWORD);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().errors[0]).toMatch(/^An administrator reset your MFA: set it up again with "Enable MFA"/);
    const enrol = await call(t, null, 'POST', 'enable_2fa', { email, password: DEFAULT_TEST_PASSWORD });
    expect(enrol.statusCode).toBe(200);
    const secret = new URL(enrol.json().otp_uri).searchParams.get('secret') ?? '';
    const otp = await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: `${API}/employees/sign_in`,
      payload: { employee: { email, password: DEFAULT_TEST_PASSWORD, otp } },
      remoteAddress: '10.77.0.2',
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().mfaEnabled).toBe(true);
  });

  it("lists an employee's sessions and revokes one", async () => {
    const employee = await signInAsStaff(t.app, t.database.db, ['agent']);
    const listed = (await call(t, admin, 'GET', `staff/sessions?employee_id=${employee.employeeId}`)).json();
    expect(listed.sessions).toHaveLength(1);
    const id = listed.sessions[0].id;
    const revoked = await call(t, admin, 'DELETE', `staff/sessions?session_id=${id}`);
    expect(revoked.statusCode).toBe(200);
    expect((await call(t, employee, 'GET', 'employees/session')).statusCode).toBe(401);
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.id, id));
    expect(session?.revokedAt).not.toBeNull();
    expect((await call(t, admin, 'DELETE', `staff/sessions?session_id=${id}`)).statusCode).toBe(404);
  });
});

describe('staff administration without an email provider', () => {
  const t = useTestApp();
  const admin = useStaffSession(t, ['agent', 'staff_admin']);

  it('says the invitation waits in the outbox and answers the link to hand over', async () => {
    const response = await call(t, admin, 'POST', 'staff/invite', {
      email: 'nomail@portal.example',
      name: 'No Mail',
      roles: ['agent'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(
      'The invitation to nomail@portal.example waits in the outbox (no email provider is configured): copy the link and hand it over.',
    );
    expect(response.json().link).toMatch(/^http:\/\/localhost(:\d+)?\/set-password#token=/);
  });
});
