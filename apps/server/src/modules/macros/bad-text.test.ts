import { describe, expect, it } from 'vitest';
import { countWrites } from '../../testing/row-counts.ts';
import { useSignedInStaff, useTestApp } from '../../testing/use-test-app.ts';
import { postJson, snapshotTicketWrites } from '../../testing/ticket-helpers.ts';
import { expectErrors } from '../../testing/error-answers.ts';

// A macro's text and tags land in text columns and in the audit's JSONB.
const t = useTestApp();
const editor = useSignedInStaff(t, { roles: ['agent', 'macro_editor'] });

const writes = async () => ({ ...(await countWrites(t.database.db)), ...(await snapshotTicketWrites(t.database.db)) });

describe('POST update_macro with text the database cannot store', () => {
  it.each([
    ['a NUL in the text', { title: 'nul_body', body: 'Hello\u0000' }, 'body: must not contain a NUL character.'],
    [
      'a NUL in a tag',
      { title: 'nul_tag', body: 'Hello', tags: ['Fees', 'Pay\u0000ments'] },
      'tags.1: must not contain a NUL character.',
    ],
    [
      'a lone surrogate in a tag',
      { title: 'surrogate_tag', body: 'Hello', tags: ['\ud83dFees'] },
      'tags.0: is not valid text (it holds a broken Unicode character).',
    ],
  ])('answers 400 for %s, and writes nothing', async (_case, payload, error) => {
    const before = await writes();
    const response = await postJson(t.app, editor, 'update_macro', payload);
    expectErrors(response, 400, [error]);
    expect(await writes()).toEqual(before);
  });

  it('refuses the same bytes when they replace an existing macro, which keeps its text', async () => {
    const saved = await postJson(t.app, editor, 'update_macro', {
      title: 'kept_macro',
      body: 'Original',
      tags: ['Fees'],
    });
    expect(saved.statusCode).toBe(200);
    const before = await writes();
    const response = await postJson(t.app, editor, 'update_macro', {
      title: 'kept_macro',
      body: 'Changed',
      tags: ['Fe\udc00es'],
    });
    expect(response.statusCode).toBe(400);
    expect(await writes()).toEqual(before);
    const macros = (
      await t.app.inject({ method: 'GET', url: '/internal/api/fetch_macros', headers: editor.headers })
    ).json().macros;
    expect(macros).toContainEqual({
      id: saved.json().macro.id,
      title: 'kept_macro',
      purpose: 'servicing',
      body: 'Original',
      tags: ['Fees'],
    });
  });
});
