import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages, tickets } from '@portal/db';
import { parseBusinessHours } from '../../platform/business-hours.ts';
import { syncBusinessHours } from './business-hours-sync.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';

// Counted by hand. Business hours Mon-Fri 08:00-17:00 in America/Los_Angeles (PST, UTC-8); the test
// clock stands at Saturday 2026-11-21 09:00 PST.
//   A: starts Thu 19th 16:30 PST, first reply Fri 20th 08:30: 16 h in all; 30 min + 30 min = 1 h of business.
//   B: starts Fri 20th 10:00, an auto-response at 10:00:05 (no employee), first reply 10:20, another 10:40:
//      20 min either way.
//   C: starts Sat 21st 07:00, no reply yet.
const t = useTestApp();
const staff = useStaffSession(t);

async function ticket(createdAt: string): Promise<number> {
  const [row] = await t.database.db
    .insert(tickets)
    .values({ channel: 'text', contact: '+15550000000', createdAt: new Date(createdAt) })
    .returning({ id: tickets.id });
  return row!.id;
}

async function message(ticketId: number, at: string, options: { inbound?: boolean; employee?: boolean } = {}) {
  const inbound = options.inbound ?? false;
  await t.database.db.insert(messages).values({
    ticketId,
    type: 'text',
    inbound,
    body: 'Hi',
    status: inbound ? 'received' : 'sent',
    employeeId: options.employee === false || inbound ? null : staff.employeeId,
    createdAt: new Date(at),
  });
}

const get = (path: string, start_date: string, end_date: string) =>
  t.app.inject({
    method: 'GET',
    url: `/internal/api/${path}`,
    query: { start_date, end_date },
    headers: staff.headers,
  });

let ticketA = 0;

describe('conversations and first response times', () => {
  it('records a ticket first response once, in all and in business hours', async () => {
    ticketA = await ticket('2026-11-20T00:30:00Z');
    await message(ticketA, '2026-11-20T00:30:00Z', { inbound: true });
    await message(ticketA, '2026-11-20T16:30:00Z');
    const b = await ticket('2026-11-20T18:00:00Z');
    await message(b, '2026-11-20T18:00:00Z', { inbound: true });
    await message(b, '2026-11-20T18:00:05Z', { employee: false });
    await message(b, '2026-11-20T18:20:00Z');
    await message(b, '2026-11-20T18:40:00Z');
    const c = await ticket('2026-11-21T15:00:00Z');
    await message(c, '2026-11-21T15:00:00Z', { inbound: true });

    const [a] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticketA));
    expect(a).toMatchObject({ firstResponseSeconds: 57_600, firstResponseBusinessSeconds: 3_600 });
    const [bRow] = await t.database.db.select().from(tickets).where(eq(tickets.id, b));
    expect(bRow).toMatchObject({ firstResponseSeconds: 1_200, firstResponseBusinessSeconds: 1_200 });
  });

  it('answers conversations started in the range and their mean first response, in all and adjusted', async () => {
    expect((await get('total_number_of_conversations', '2026-11-19', '2026-11-21')).json()).toEqual({ count: 3 });
    expect((await get('average_first_response_time', '2026-11-19', '2026-11-21')).json()).toEqual({
      average_seconds: 29_400,
      responded: 2,
    });
    expect((await get('adjusted_average_first_response_time', '2026-11-19', '2026-11-21')).json()).toEqual({
      average_seconds: 2_400,
      responded: 2,
    });
    // Ticket A started on Thursday in the business time zone, though on Friday in UTC.
    expect((await get('total_number_of_conversations', '2026-11-20', '2026-11-20')).json()).toEqual({ count: 1 });
    expect((await get('average_first_response_time', '2026-11-20', '2026-11-20')).json()).toEqual({
      average_seconds: 1_200,
      responded: 1,
    });
    // Nothing answered: no mean, not an error.
    expect((await get('adjusted_average_first_response_time', '2026-11-21', '2026-11-21')).json()).toEqual({
      average_seconds: null,
      responded: 0,
    });
  });

  it('works the business-hours times out again when the hours change', async () => {
    const allWeek = parseBusinessHours('Mon-Sun 00:00-24:00')!;
    expect(await syncBusinessHours(t.database.db, 'America/Los_Angeles', allWeek)).toBe(true);
    expect((await get('adjusted_average_first_response_time', '2026-11-19', '2026-11-21')).json()).toEqual({
      average_seconds: 29_400,
      responded: 2,
    });
    const usual = parseBusinessHours('Mon-Fri 08:00-17:00')!;
    expect(await syncBusinessHours(t.database.db, 'America/Los_Angeles', usual)).toBe(true);
    expect(await syncBusinessHours(t.database.db, 'America/Los_Angeles', usual)).toBe(false);
    expect((await get('adjusted_average_first_response_time', '2026-11-19', '2026-11-21')).json().average_seconds).toBe(
      2_400,
    );
  });
});

describe('parseBusinessHours', () => {
  it('reads a day range or list and the local hours', () => {
    expect(parseBusinessHours('Mon-Fri 08:00-17:00')).toEqual({
      days: [1, 2, 3, 4, 5],
      opensMinute: 480,
      closesMinute: 1020,
    });
    expect(parseBusinessHours('mon,wed,sat 09:30-13:00')).toEqual({
      days: [1, 3, 6],
      opensMinute: 570,
      closesMinute: 780,
    });
  });
  it('refuses what it cannot read', () => {
    for (const text of [
      '',
      'Mon-Fri',
      'Fri-Mon 08:00-17:00',
      'Mon-Fri 17:00-08:00',
      'Mon-Fri 08:61-17:00',
      'Funday 08:00-17:00',
    ])
      expect(parseBusinessHours(text), text).toBeNull();
  });
});
