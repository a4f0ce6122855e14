import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { messageDailyCounts, messageHourlyCounts, messages } from '@portal/db';
import { parseBusinessHours } from '../../platform/business-hours.ts';
import { syncBusinessHours } from './business-hours-sync.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';

// Counted by hand: the business time zone is America/Los_Angeles (PST, UTC-8 in November) and the
// test clock stands at 2026-11-21 09:00 PST.
const t = useTestApp();
const staff = useStaffSession(t);

type Row = { type: 'text' | 'email' | 'notification'; inbound: boolean; at: string };
const row = ({ type, inbound, at }: Row) => ({
  type,
  inbound,
  body: 'Hello',
  status: inbound ? ('received' as const) : ('sent' as const),
  createdAt: new Date(at),
});

async function seed() {
  // One statement for the first four: the rollup counts per statement.
  await t.database.db.insert(messages).values([
    row({ type: 'text', inbound: true, at: '2026-11-20T16:30:00Z' }), // Nov 20 08:30
    row({ type: 'text', inbound: true, at: '2026-11-20T16:45:00Z' }), // Nov 20 08:45
    row({ type: 'text', inbound: false, at: '2026-11-20T17:10:00Z' }), // Nov 20 09:10
    row({ type: 'email', inbound: true, at: '2026-11-21T07:30:00Z' }), // Nov 20 23:30 (UTC says the 21st)
  ]);
  await t.database.db.insert(messages).values(row({ type: 'email', inbound: false, at: '2026-11-21T08:30:00Z' })); // Nov 21 00:30
  await t.database.db
    .insert(messages)
    .values(row({ type: 'notification', inbound: false, at: '2026-11-20T18:00:00Z' }));
}

const get = (path: string, query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/internal/api/${path}`, query, headers: staff.headers });

const range = (start_date: string, end_date: string) => ({ start_date, end_date });

describe('message analytics over the hourly and daily rollups', () => {
  it('keeps the rollup per hour, channel and direction as messages are inserted', async () => {
    await seed();
    const rows = await t.database.db.select().from(messageHourlyCounts);
    const total = rows.reduce((sum, current) => sum + current.messages, 0);
    expect(total).toBe(6);
    expect(
      rows.find((current) => current.hour.toISOString() === '2026-11-20T16:00:00.000Z' && current.inbound),
    ).toMatchObject({ type: 'text', messages: 2 });
  });

  it('counts inbound and outbound texts and emails by business day (across the UTC date line)', async () => {
    const inbound = await get('total_inbound_messages', range('2026-11-20', '2026-11-20'));
    expect(inbound.statusCode).toBe(200);
    expect(inbound.json()).toEqual({ count: 3 });
    expect((await get('total_outbound_messages', range('2026-11-20', '2026-11-20'))).json()).toEqual({ count: 1 });
    expect((await get('total_outbound_messages', range('2026-11-21', '2026-11-21'))).json()).toEqual({ count: 1 });
    expect((await get('total_outbound_messages', range('2026-11-01', '2026-11-21'))).json()).toEqual({ count: 2 });
    // An empty range is zero, never an error.
    expect((await get('total_inbound_messages', range('2025-01-01', '2025-01-31'))).json()).toEqual({ count: 0 });
  });

  it('answers texts and emails per hour for a day, every hour present', async () => {
    const response = await get('text_email_analytics', range('2026-11-20', '2026-11-20'));
    expect(response.statusCode).toBe(200);
    const { metadata, data } = response.json();
    expect(metadata).toEqual({ time_period: 'hour' });
    expect(Object.keys(data)).toHaveLength(24);
    expect(data['2026-11-20T00:00']).toEqual({ Texts: 0, Emails: 0 });
    expect(data['2026-11-20T08:00']).toEqual({ Texts: 2, Emails: 0 });
    expect(data['2026-11-20T09:00']).toEqual({ Texts: 1, Emails: 0 });
    expect(data['2026-11-20T23:00']).toEqual({ Texts: 0, Emails: 1 });
  });

  it('answers days up to three months, weeks up to a year, months beyond', async () => {
    const days = (await get('text_email_analytics', range('2026-11-01', '2026-11-21'))).json();
    expect(days.metadata.time_period).toBe('day');
    expect(Object.keys(days.data)).toHaveLength(21);
    expect(days.data['2026-11-20']).toEqual({ Texts: 3, Emails: 1 });
    expect(days.data['2026-11-21']).toEqual({ Texts: 0, Emails: 1 });

    const weeks = (await get('text_email_analytics', range('2026-01-01', '2026-11-21'))).json();
    expect(weeks.metadata.time_period).toBe('week');
    // Weeks start on Monday: 2025-12-29 holds January 1st; Friday the 20th and Saturday the 21st share one.
    expect(Object.keys(weeks.data)[0]).toBe('2025-12-29');
    expect(weeks.data['2026-11-16']).toEqual({ Texts: 3, Emails: 2 });

    const months = (await get('text_email_analytics', range('2024-11-01', '2026-11-21'))).json();
    expect(months.metadata.time_period).toBe('month');
    expect(Object.keys(months.data)).toHaveLength(25);
    expect(months.data['2026-11-01']).toEqual({ Texts: 3, Emails: 2 });

    const textsOnly = (
      await get('text_email_analytics', { ...range('2026-11-20', '2026-11-20'), email: 'false' })
    ).json();
    expect(textsOnly.data['2026-11-20T08:00']).toEqual({ Texts: 2 });
  });

  it('refuses a range after today, backwards, too long or badly written, with sentences', async () => {
    const cases: [Record<string, string>, number, string[]][] = [
      [range('2026-11-20', '2026-11-22'), 422, ['The end date cannot be after today.']],
      [range('2026-11-21', '2026-11-20'), 422, ['The start date must be on or before the end date.']],
      [range('2020-01-01', '2026-11-21'), 422, ['A range is at most 1,830 days; choose a shorter one.']],
      [range('2026-02-30', '2026-03-01'), 422, ['Dates are written YYYY-MM-DD, like 2026-11-23.']],
      [range('11/20/2026', '2026-11-21'), 400, ['Dates are written YYYY-MM-DD, like 2026-11-23.']],
      [{ end_date: '2026-11-21' }, 400, ['The start date is required (YYYY-MM-DD).']],
    ];
    for (const [query, status, errors] of cases) {
      const response = await get('total_inbound_messages', query);
      expect(response.statusCode, JSON.stringify(query)).toBe(status);
      expect(response.json().errors).toEqual(errors);
    }
    const signedOut = await t.app.inject({
      method: 'GET',
      url: '/internal/api/total_inbound_messages?start_date=2026-11-01&end_date=2026-11-01',
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('counts the business days again when the business time zone changes', async () => {
    const inboundEmailsOn = async (day: string) => {
      const [found] = await t.database.db
        .select({ messages: messageDailyCounts.messages })
        .from(messageDailyCounts)
        .where(
          and(
            eq(messageDailyCounts.day, day),
            eq(messageDailyCounts.type, 'email'),
            eq(messageDailyCounts.inbound, true),
          ),
        );
      return found?.messages ?? 0;
    };
    // The email of 2026-11-21 07:30 UTC: the 20th in Los Angeles, the 21st (02:30) in New York.
    expect([await inboundEmailsOn('2026-11-20'), await inboundEmailsOn('2026-11-21')]).toEqual([1, 0]);
    const hours = parseBusinessHours('Mon-Fri 08:00-17:00')!;
    expect(await syncBusinessHours(t.database.db, 'America/New_York', hours)).toBe(true);
    expect([await inboundEmailsOn('2026-11-20'), await inboundEmailsOn('2026-11-21')]).toEqual([0, 1]);
    expect(await syncBusinessHours(t.database.db, 'America/Los_Angeles', hours)).toBe(true);
    expect([await inboundEmailsOn('2026-11-20'), await inboundEmailsOn('2026-11-21')]).toEqual([1, 0]);
  });
});
