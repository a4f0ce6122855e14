import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { employees, messages, tickets } from '@portal/db';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';

// Counted by hand, Friday 2026-11-20 (PST). X is the signed-in employee, Y another.
//   T1 starts 09:00, X replies 09:10 and 09:20, X closes 09:30: 30 min.
//   T2 starts 10:00, Y replies 10:05, X closes 11:00: 1 h.
//   T3 starts 12:00, Y closes 12:10 without a reply: 10 min.
//   T4 starts Thursday 09:00 (X replied then), Y closes Friday 11:00: 26 h.
// X: 2 replies, closed 2, worked 2 (T1, T2), median and mean 45 min.
// Y: 1 reply, closed 2, worked 3 (T2, T3, T4), median and mean (10 min + 26 h) / 2 = 47,100 s.
const t = useTestApp();
const x = useStaffSession(t);
let y = 0;
let idle = 0;
let t3 = 0;

async function ticket(createdAt: string, closedBy?: number, closedAt?: string): Promise<number> {
  const [row] = await t.database.db
    .insert(tickets)
    .values({
      channel: 'email',
      contact: 'someone@example.com',
      createdAt: new Date(createdAt),
      ...(closedBy ? { state: 'closed' as const, closedBy, closedAt: new Date(closedAt!) } : {}),
    })
    .returning({ id: tickets.id });
  return row!.id;
}

const reply = (ticketId: number, employeeId: number, at: string) =>
  t.database.db.insert(messages).values({
    ticketId,
    employeeId,
    type: 'email',
    inbound: false,
    body: 'Reply',
    status: 'sent',
    createdAt: new Date(at),
  });

async function employee(name: string): Promise<number> {
  const [row] = await t.database.db
    .insert(employees)
    .values({ name, email: `${name.toLowerCase().replace(/ /g, '.')}@portal.example`, passwordHash: 'x' })
    .returning({ id: employees.id });
  return row!.id;
}

const get = (query: Record<string, string>) =>
  t.app.inject({
    method: 'GET',
    url: '/internal/api/employee_ticket_analytics',
    query: { start_date: '2026-11-20', end_date: '2026-11-20', ...query },
    headers: x.headers,
  });

describe('employee_ticket_analytics and employee_list', () => {
  it('answers per employee: tickets worked and closed, replies, median and mean handling time', async () => {
    y = await employee('Yara Young');
    idle = await employee('Idle Ian');
    const t1 = await ticket('2026-11-20T17:00:00Z', x.employeeId, '2026-11-20T17:30:00Z');
    await reply(t1, x.employeeId, '2026-11-20T17:10:00Z');
    await reply(t1, x.employeeId, '2026-11-20T17:20:00Z');
    const t2 = await ticket('2026-11-20T18:00:00Z', x.employeeId, '2026-11-20T19:00:00Z');
    await reply(t2, y, '2026-11-20T18:05:00Z');
    t3 = await ticket('2026-11-20T20:00:00Z', y, '2026-11-20T20:10:00Z');
    const t4 = await ticket('2026-11-19T17:00:00Z', y, '2026-11-20T19:00:00Z');
    await reply(t4, x.employeeId, '2026-11-19T17:30:00Z');

    const everyone = await get({});
    expect(everyone.statusCode).toBe(200);
    const rows = everyone.json().data as Array<{ employee_id: number }>;
    const byId = new Map(rows.map((row) => [row.employee_id, row]));
    expect(byId.get(x.employeeId)).toMatchObject({
      tickets_worked: 2,
      tickets_closed: 2,
      replies: 2,
      median_handling_seconds: 2_700,
      average_handling_seconds: 2_700,
    });
    expect(byId.get(y)).toEqual({
      employee_id: y,
      name: 'Yara Young',
      tickets_worked: 3,
      tickets_closed: 2,
      replies: 1,
      median_handling_seconds: 47_100,
      average_handling_seconds: 47_100,
      // No customer wrote on these tickets, so no reply-time clock ran (sla-clock.test.ts counts them).
      sla_met: 0,
      sla_total: 0,
    });
    // Nobody who did nothing, unless asked for.
    expect(byId.has(idle)).toBe(false);
  });

  it('answers only the employees asked for, zeros for one who did nothing', async () => {
    const asked = (await get({ employees: `${y},${idle}` })).json().data;
    expect(asked.map((row: { employee_id: number }) => row.employee_id).sort()).toEqual([y, idle].sort());
    expect(asked.find((row: { employee_id: number }) => row.employee_id === idle)).toEqual({
      employee_id: idle,
      name: 'Idle Ian',
      tickets_worked: 0,
      tickets_closed: 0,
      replies: 0,
      median_handling_seconds: null,
      average_handling_seconds: null,
      sla_met: 0,
      sla_total: 0,
    });
    // Thursday: X's reply on T4 only.
    const thursday = await t.app.inject({
      method: 'GET',
      url: '/internal/api/employee_ticket_analytics',
      query: { start_date: '2026-11-19', end_date: '2026-11-19' },
      headers: x.headers,
    });
    expect(thursday.json().data).toEqual([
      expect.objectContaining({ employee_id: x.employeeId, replies: 1, tickets_worked: 1, tickets_closed: 0 }),
    ]);
  });

  it('reads whole months from the monthly rollup and the days at either end from the daily one', async () => {
    // Y also closed T5 in October: started 2026-10-05 09:00 PDT, closed 20 min later.
    await ticket('2026-10-05T16:00:00Z', y, '2026-10-05T16:20:00Z');
    // October 1 to November 20: October whole, November's days 1-20. Y: 600 s, 1,200 s, 93,600 s.
    const answer = await get({ start_date: '2026-10-01', employees: String(y) });
    expect(answer.json().data).toEqual([
      expect.objectContaining({
        tickets_worked: 4,
        tickets_closed: 3,
        median_handling_seconds: 1_200,
        average_handling_seconds: 31_800,
      }),
    ]);
  });

  it('takes a reopened ticket off the day it was closed, and counts it again when closed again', async () => {
    await t.database.db.update(tickets).set({ state: 'open' }).where(eq(tickets.id, t3));
    const reopened = (await get({ employees: String(y) })).json().data;
    // Y still worked T3 that day, but closed only T4 (26 h).
    expect(reopened).toEqual([
      expect.objectContaining({
        tickets_worked: 3,
        tickets_closed: 1,
        median_handling_seconds: 93_600,
        average_handling_seconds: 93_600,
      }),
    ]);
    // X closes it on Saturday 08:30 PST: 20 h 30 min after it started, X's first work on it.
    await t.database.db
      .update(tickets)
      .set({ state: 'closed', closedBy: x.employeeId, closedAt: new Date('2026-11-21T16:30:00Z') })
      .where(eq(tickets.id, t3));
    const saturday = (await get({ start_date: '2026-11-21', end_date: '2026-11-21' })).json().data;
    expect(saturday).toEqual([
      expect.objectContaining({
        employee_id: x.employeeId,
        tickets_worked: 1,
        tickets_closed: 1,
        replies: 0,
        median_handling_seconds: 73_800,
        average_handling_seconds: 73_800,
      }),
    ]);
    // November to today (the 21st), read from November's monthly row: X closed T1, T2 and T3.
    const november = (
      await get({ start_date: '2026-11-01', end_date: '2026-11-21', employees: String(x.employeeId) })
    ).json().data;
    expect(november).toEqual([
      expect.objectContaining({
        tickets_worked: 4,
        tickets_closed: 3,
        replies: 3,
        median_handling_seconds: 3_600,
        average_handling_seconds: 26_400,
      }),
    ]);
  });

  it('refuses employees that are not ids, and lists the staff for the picker', async () => {
    const bad = await get({ employees: '12,abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(['Each employee is an id, a whole number.']);
    const list = await t.app.inject({
      method: 'GET',
      url: '/internal/api/employee_list',
      query: { start_date: '2026-11-20', end_date: '2026-11-20' },
      headers: x.headers,
    });
    expect(list.statusCode).toBe(200);
    const names = list.json().employees.map((employee: { name: string }) => employee.name);
    expect(names).toContain('Yara Young');
    expect(names).toContain('Idle Ian');
  });
});
