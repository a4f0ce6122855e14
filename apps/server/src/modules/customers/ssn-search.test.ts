import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { permissionRefusal } from '@portal/contracts';
import { auditEvents } from '@portal/db';
import { createCustomer } from '@portal/db/testing';
import { signInAsStaff, type StaffSession } from '../../testing/staff-session.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { SSN_SEARCHES_PER_MINUTE, ssnSearchLimitReached } from './ssn-search.ts';
import { callAsStaff } from '../../testing/staff-helpers.ts';
import { expectErrors } from '../../testing/error-answers.ts';

// Searching by a whole SSN (issue 27): knowing the last four, which every agent sees, an agent
// could find the other five by guessing. So it needs the reveal power, each search is audited like
// a reveal, and an employee may make only a few a minute.

const t = useTestApp();
const agent = useStaffSession(t);
const revealer = useStaffSession(t, ['agent', 'ssn_reveal', 'ssn_editor']);
const otherRevealer = useStaffSession(t, ['agent', 'ssn_reveal']);

const searchBySsn = (staff: StaffSession, ssn: string) =>
  callAsStaff(t.app, staff, 'GET', 'disputes_dashboard/search/user_search', { ssn });

const searchesOf = (staff: StaffSession) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.employeeId, staff.employeeId), eq(auditEvents.action, 'customer.ssn_searched')));

describe('a search by whole SSN', () => {
  it('is refused to an employee without the reveal power, and writes nothing', async () => {
    const response = await searchBySsn(agent, '123-45-1658');
    expectErrors(response, 403, [permissionRefusal('customers.reveal_ssn')]);
    expect(await searchesOf(agent)).toEqual([]);
  });

  it('is audited like a reveal: who, from where, why, the last four and what it found', async () => {
    const customer = await createCustomer(t.database.db);
    const saved = await callAsStaff(t.app, revealer, 'POST', 'users/update_ssn', {
      user_id: customer.id,
      ssn: '401-27-1658',
    });
    expect(saved.statusCode).toBe(200);
    const found = await searchBySsn(revealer, '401-27-1658');
    expect(found.statusCode).toBe(200);
    expect(found.json().results.map((row: { id: number }) => row.id)).toEqual([customer.id]);
    const missed = await searchBySsn(revealer, '401-27-1659');
    expect(missed.json().results).toEqual([]);
    // The correction's check of the number is a comparison too (purpose 'SSN correction'), then the two searches.
    const audit = await searchesOf(revealer);
    expect(audit.map((row) => ({ entityType: row.entityType, entityId: row.entityId, after: row.after }))).toEqual([
      expect.objectContaining({ after: expect.objectContaining({ purpose: 'SSN correction', found: [] }) }),
      {
        entityType: 'employee_ssn_searches',
        entityId: String(revealer.employeeId),
        after: expect.objectContaining({
          purpose: 'disputes user search',
          ssns_compared: 1,
          ssns: ['***-**-1658'],
          found: [customer.id],
        }),
      },
      {
        entityType: 'employee_ssn_searches',
        entityId: String(revealer.employeeId),
        after: expect.objectContaining({ ssns: ['***-**-1659'], found: [] }),
      },
    ]);
    expect(JSON.stringify(audit)).not.toContain('401271658');
    expect(audit[0]?.ipAddress).toBeTruthy();
  });

  it(`is limited to ${SSN_SEARCHES_PER_MINUTE} a minute per employee, then 429 with a sentence and no audit`, async () => {
    const before = (await searchesOf(otherRevealer)).length;
    const statuses = [];
    for (let guess = 0; guess < SSN_SEARCHES_PER_MINUTE + 3; guess += 1)
      statuses.push((await searchBySsn(otherRevealer, `123-45-${String(1000 + guess)}`)).statusCode);
    expect(statuses).toEqual([...Array(SSN_SEARCHES_PER_MINUTE).fill(200), 429, 429, 429]);
    const refused = await searchBySsn(otherRevealer, '123-45-9999');
    expect(refused.json()).toEqual({ errors: [ssnSearchLimitReached()] });
    expect((await searchesOf(otherRevealer)).length - before).toBe(SSN_SEARCHES_PER_MINUTE);
    // Another employee's searches are their own.
    expect((await searchBySsn(revealer, '123-45-0000')).statusCode).toBe(200);
  });

  it('holds when one employee sends many at once', async () => {
    const staff = await signInAsStaff(t.app, t.database.db, ['agent', 'ssn_reveal']);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, guess) => searchBySsn(staff, `555-44-${String(2000 + guess)}`)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(SSN_SEARCHES_PER_MINUTE);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(12 - SSN_SEARCHES_PER_MINUTE);
  });
});
