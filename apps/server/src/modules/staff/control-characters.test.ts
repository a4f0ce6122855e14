import { describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { controlCharacterMessage } from '@portal/contracts';
import { employees } from '@portal/db';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { createInvitedEmployee } from './invitation.ts';

// Issue 27 section 7: an employee's name is one line; a control character in it is refused with a
// sentence naming the field, from the staff page and from `npm run staff -- add` alike.
const t = useTestApp();
const admin = useStaffSession(t, ['agent', 'staff_admin']);
const employeeCount = async () => (await t.database.db.select({ n: count() }).from(employees))[0]?.n ?? 0;

describe("an employee's name", () => {
  it('is refused with a control character in it, and nothing is written', async () => {
    const before = await employeeCount();
    for (const name of ['Eve\u0007Mallory', 'Eve\r\nBcc: all@example.com', 'Eve\u001b[2J']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/internal/api/staff/invite',
        headers: admin.headers,
        payload: { email: 'eve@portal.example', name, roles: ['agent'] },
      });
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json().errors.join(' ')).toContain(controlCharacterMessage('The name'));
    }
    await expect(
      t.database.db.transaction((tx) =>
        createInvitedEmployee(tx, {
          email: 'eve@portal.example',
          name: 'Eve\u0000',
          roles: ['agent'],
          createdBy: null,
          now: t.clock.now(),
        }),
      ),
    ).rejects.toThrow(controlCharacterMessage('The name'));
    expect(await employeeCount()).toBe(before);
  });
});
