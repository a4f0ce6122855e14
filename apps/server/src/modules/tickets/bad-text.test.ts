import { describe, expect, it } from 'vitest';
import { createTicket } from '@portal/db/testing';
import { countWrites } from '../../testing/row-counts.ts';
import { callAsStaff } from '../../testing/staff-helpers.ts';
import { useSignedInStaff, useTestApp } from '../../testing/use-test-app.ts';
import { getTicket, postJson, snapshotTicketWrites } from '../../testing/ticket-helpers.ts';
import { expectErrors } from '../../testing/error-answers.ts';

// Input PostgreSQL cannot take (a NUL in text, a lone surrogate in JSONB, a number past an integer
// column) is refused at the edge with a 400 naming the field, never a 500 from the database.
const t = useTestApp();
const agent = useSignedInStaff(t);

const writes = async () => ({ ...(await countWrites(t.database.db)), ...(await snapshotTicketWrites(t.database.db)) });

describe('POST send_reply with text the database cannot store', () => {
  it.each([
    ['a NUL in the reply', { reply: 'Hello\u0000there' }, 'reply: must not contain a NUL character.'],
    [
      'a NUL in filter_id',
      { reply: 'Hello', filter_id: 'change\u0000date' },
      'filter_id: must not contain a NUL character.',
    ],
    [
      'a lone surrogate in the reply',
      { reply: 'Hello \ud800' },
      'reply: is not valid text (it holds a broken Unicode character).',
    ],
    [
      'a macro_id past the integer column',
      { reply: 'Hello', macro_id: 2_147_483_648 },
      'macro_id: is too large; it can be at most 2147483647.',
    ],
    [
      'a macro_id past what JSON carries exactly',
      { reply: 'Hello', macro_id: 1e20 },
      'macro_id: is too large; it can be at most 2147483647.',
    ],
  ])('answers 400 for %s, and writes and sends nothing', async (_case, fields, error) => {
    const ticket = await createTicket(t.database.db, { contact: '5035550310', thread: ['Hi'] });
    // Leased to the agent, so that nothing but the input stands between the call and the insert.
    expect((await getTicket(t.app, agent, ticket.id)).statusCode).toBe(200);
    const before = await writes();

    const response = await postJson(t.app, agent, 'send_reply', { id: ticket.id, ...fields });
    expectErrors(response, 400, [error]);
    expect(await writes()).toEqual(before);
  });

  it('names a field name with a NUL in a nested object, and every bad field at once', async () => {
    const ticket = await createTicket(t.database.db, { contact: '5035550311' });
    const before = await writes();
    const response = await postJson(t.app, agent, 'send_reply', {
      id: ticket.id,
      reply: 'a\u0000',
      meta: { 'to\u0000do': 1, list: ['ok', '\udc00'] },
    });
    expectErrors(response, 400, [
      'reply: must not contain a NUL character.',
      'meta.to\\0do: a field name must not contain a NUL character.',
      'meta.list.1: is not valid text (it holds a broken Unicode character).',
    ]);
    expect(await writes()).toEqual(before);
  });

  it('checks the query string too', async () => {
    const ticket = await createTicket(t.database.db, { contact: '5035550312' });
    const before = await writes();
    const response = await callAsStaff(t.app, agent, 'GET', `ticket?id=${ticket.id}%00`);
    expectErrors(response, 400, ['id: must not contain a NUL character.']);
    expect(await writes()).toEqual(before);
  });

  it('answers a signed-out caller 401, not 400: authentication comes first', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/internal/api/send_reply',
      payload: { id: 1, reply: 'Hello\u0000' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('still sends a reply with ordinary Unicode (accents, emoji, CJK)', async () => {
    const ticket = await createTicket(t.database.db, { contact: '5035550313', thread: ['Hi'] });
    await getTicket(t.app, agent, ticket.id);
    const response = await postJson(t.app, agent, 'send_reply', { id: ticket.id, reply: 'Café 👍 你好' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message.body).toBe('Café 👍 你好');
  });
});
