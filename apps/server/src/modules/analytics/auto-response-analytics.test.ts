import { describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { messages } from '@portal/db';
import { createCustomer, createMacro } from '@portal/db/testing';
import { postEmail, postSms, rawEmail, twilioSmsParams } from '../../testing/inbound-requests.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { callAsStaff } from '../../testing/staff-helpers.ts';
import { expectErrors } from '../../testing/error-answers.ts';

// Counted by hand. Business hours Mon-Fri 08:00-17:00 America/Los_Angeles (PST, UTC-8).
//   A: a text Sat 21st 09:00 PST from customer Ana, auto-responded (the short macro, filled 'Hi Ana, ...');
//      the customer writes again 09:30.
//   B: a text Sat 21st 09:05 from an unknown number, auto-responded (the short macro, 'Hi, ...'); no
//      reply from the customer.
//   C: an email Sat 21st 09:10, auto-responded (the long macro, 149 characters: shown cut to 100 + '…').
//   D: a text Fri 20th 10:00, in business hours: no auto-response; the customer writes again 10:05.
// 20th-21st: total 4, auto 3, noFollow 2 (B and C); texts: short x2 (counted as the macro reads, not
// as filled for each), long cut x1.
// 20th alone: total 1, auto 0, noFollow 0, no texts. 1st-2nd: nothing at all. Asked on Sat 21st 10:00.
const authToken = 'twilio-test-auth-token';
const publicUrl = 'https://portal.example';
const smsOptions = { authToken, publicUrl };
const secret = 'relay-secret-for-tests';
const t = useTestApp({
  twilio: { accountSid: null, authToken, fromNumber: null },
  publicUrl,
  inboundEmailSecret: secret,
});
const staff = useStaffSession(t);

const SHORT = 'Hi {first_name}, we are closed right now and will text you back when we open.';
const LONG = `${'Thank you for writing to us. '.repeat(4)}We will answer on Monday morning.`;
let sid = 0;

async function textAt(at: string, from: string, body: string) {
  t.clock.set(new Date(at));
  const sent = twilioSmsParams({ from, body, sid: `SM${String((sid += 1)).padStart(32, '0')}` });
  expect((await postSms(t.app, sent, smsOptions)).statusCode).toBe(200);
}

const get = (start_date: string, end_date: string) =>
  callAsStaff(t.app, staff, 'GET', 'auto_response_analytics', { start_date, end_date });

describe('GET auto_response_analytics', () => {
  it('counts conversations, the auto-responded ones, and those the customer did not follow up, with the texts cut', async () => {
    expect(LONG).toHaveLength(149);
    await createMacro(t.database.db, { title: 'after_hours_text', body: SHORT });
    await createMacro(t.database.db, { title: 'after_hours_email', body: LONG });
    await createCustomer(t.database.db, { email: 'cara@example.com' });
    await createCustomer(t.database.db, { firstName: 'Ana', phoneNumber: '5035550401' });

    await textAt('2026-11-21T17:00:00Z', '+15035550401', 'A: hello');
    await textAt('2026-11-21T17:05:00Z', '+15035550402', 'B: hello');
    t.clock.set(new Date('2026-11-21T17:10:00Z'));
    const email = rawEmail({ from: 'cara@example.com', subject: 'C', messageId: '<c1@mail.example>', text: 'C' });
    expect((await postEmail(t.app, email, secret)).statusCode).toBe(200);
    await textAt('2026-11-21T17:30:00Z', '+15035550401', 'A: again');
    await textAt('2026-11-20T18:00:00Z', '+15035550403', 'D: hello');
    await textAt('2026-11-20T18:05:00Z', '+15035550403', 'D: again');
    t.clock.set(new Date('2026-11-21T18:00:00Z'));

    const sent = await t.database.db
      .select({ body: messages.body })
      .from(messages)
      .where(and(eq(messages.autoResponse, true), eq(messages.type, 'text')))
      .orderBy(asc(messages.id));
    expect(sent.map((row) => row.body)).toEqual([
      'Hi Ana, we are closed right now and will text you back when we open.',
      'Hi, we are closed right now and will text you back when we open.',
    ]);

    const response = await get('2026-11-20', '2026-11-21');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      auto: 3,
      noFollow: 2,
      total: 4,
      texts: [
        { text: SHORT, count: 2 },
        { text: `${LONG.slice(0, 100)}…`, count: 1 },
      ],
    });
    expect(response.json().texts[1].text).toHaveLength(101);
  });

  it('answers only the conversations started in the range', async () => {
    expect((await get('2026-11-20', '2026-11-20')).json()).toEqual({ auto: 0, noFollow: 0, total: 1, texts: [] });
    expect((await get('2026-11-21', '2026-11-21')).json()).toMatchObject({ auto: 3, noFollow: 2, total: 3 });
  });

  it("lists an email's text on one line: its line breaks and blank lines as single spaces", async () => {
    const result = (await t.database.db.execute(
      sql`select auto_response_text(null, ${'Hi Ana,\n\nWe are away   right now.\r\n\nPortal support\n'}) as text`,
    )) as { rows: Array<{ text: string }> };
    expect(result.rows[0]?.text).toBe('Hi Ana, We are away right now. Portal support');
  });

  it('answers zeros and no texts for a range with nothing in it, not an error', async () => {
    const response = await get('2026-11-01', '2026-11-02');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ auto: 0, noFollow: 0, total: 0, texts: [] });
  });

  it('refuses a range that goes after today, like the other analytics calls', async () => {
    const response = await get('2026-11-21', '2026-11-30');
    expectErrors(response, 422, ['The end date cannot be after today.']);
  });
});
