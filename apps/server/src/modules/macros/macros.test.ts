import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { macroVersions, macros } from '@portal/db';
import { createMacro } from '@portal/db/testing';
import { callAsStaff } from '../../testing/staff-helpers.ts';
import { useSignedInStaff, useTestApp } from '../../testing/use-test-app.ts';
import { postJson, snapshotTicketWrites } from '../../testing/ticket-helpers.ts';
import { renameMacro } from './repository.ts';
import { auditEventsOf } from '../../testing/audit-events.ts';
import { expectErrors } from '../../testing/error-answers.ts';

const t = useTestApp();
const editor = useSignedInStaff(t, { roles: ['agent', 'macro_editor'] });

type Macro = { id: number; title: string; body: string; tags: string[] };
type Branch = { tag: string; macros: Macro[] };

const fetchMacros = () => t.app.inject({ method: 'GET', url: '/internal/api/fetch_macros', headers: editor.headers });
const titlesOf = (list: Macro[]) => list.map((macro) => macro.title);

describe('GET fetch_macros', () => {
  it('answers the active macros by title and the tree: All Macros, each tag alphabetically, Uncategorized', async () => {
    await createMacro(t.database.db, { title: 'zz_payments', body: 'Z', tags: ['Payments'] });
    await createMacro(t.database.db, { title: 'aa_untagged', body: 'A' });
    await createMacro(t.database.db, { title: 'mm_both', body: 'M', tags: ['Payments', 'Account'] });
    const retired = await createMacro(t.database.db, { title: 'old_macro', body: 'O', tags: ['Account'] });
    await t.database.db.update(macros).set({ active: false }).where(eq(macros.id, retired.id));

    const response = await fetchMacros();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(titlesOf(body.macros)).toEqual(['aa_untagged', 'mm_both', 'zz_payments']);
    expect(body.macros[1]).toMatchObject({ title: 'mm_both', body: 'M', tags: ['Account', 'Payments'] });
    expect(body.tree.map((branch: Branch) => [branch.tag, titlesOf(branch.macros)])).toEqual([
      ['All Macros', ['aa_untagged', 'mm_both', 'zz_payments']],
      ['Account', ['mm_both']],
      ['Payments', ['mm_both', 'zz_payments']],
      ['Uncategorized', ['aa_untagged']],
    ]);
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/internal/api/fetch_macros' })).statusCode).toBe(401);
  });
});

describe('POST update_macro', () => {
  it('creates a macro with its tags, and records it', async () => {
    const response = await postJson(t.app, editor, 'update_macro', {
      title: 'welcome_back',
      body: 'Welcome back, {first_name}!',
      tags: ['General', 'Account', 'General'],
    });
    expect(response.statusCode).toBe(200);
    const { macro } = response.json();
    expect(macro).toMatchObject({
      title: 'welcome_back',
      body: 'Welcome back, {first_name}!',
      tags: ['Account', 'General'],
    });
    const [audit] = await auditEventsOf(t.database.db, 'macro.created', macro.id);
    expect(audit).toMatchObject({
      employeeId: editor.id,
      entityType: 'macro',
      before: null,
      after: { title: 'welcome_back', tags: ['Account', 'General'] },
    });
    const tree = (await fetchMacros()).json().tree as Branch[];
    expect(tree.find((branch) => branch.tag === 'General')?.macros.map((entry) => entry.id)).toEqual([macro.id]);
  });

  it('updates the text and replaces the tags of the macro with that title, keeping its id', async () => {
    const first = (
      await postJson(t.app, editor, 'update_macro', { title: 'late_fee', body: 'Old text', tags: ['Fees', 'Payments'] })
    ).json().macro;
    const response = await postJson(t.app, editor, 'update_macro', {
      title: 'late_fee',
      body: 'New text',
      tags: ['Bounces'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().macro).toEqual({
      id: first.id,
      title: 'late_fee',
      body: 'New text',
      purpose: 'servicing',
      tags: ['Bounces'],
    });
    expect(await t.database.db.select().from(macros).where(eq(macros.title, 'late_fee'))).toHaveLength(1);
    const [audit] = await auditEventsOf(t.database.db, 'macro.updated', first.id);
    expect(audit).toMatchObject({
      before: { body: 'Old text', tags: ['Fees', 'Payments'] },
      after: { body: 'New text', purpose: 'servicing', tags: ['Bounces'] },
    });
    const tree = (await fetchMacros()).json().tree as Branch[];
    expect(tree.find((branch) => branch.tag === 'Fees')).toBeUndefined();
    expect(tree.find((branch) => branch.tag === 'Bounces')?.macros.map((entry) => entry.body)).toEqual(['New text']);
  });

  it('moves a macro to Uncategorized when its tags are cleared', async () => {
    await postJson(t.app, editor, 'update_macro', { title: 'to_clear', body: 'Text', tags: ['Temporary'] });
    await postJson(t.app, editor, 'update_macro', { title: 'to_clear', body: 'Text' });
    const tree = (await fetchMacros()).json().tree as Branch[];
    expect(tree.at(-1)?.macros.map((macro) => macro.title)).toContain('to_clear');
    expect(tree.find((branch) => branch.tag === 'Temporary')).toBeUndefined();
  });

  it.each([
    [
      'a title with capitals and spaces',
      { title: 'Bad Title!', body: 'x' },
      'A macro title uses lowercase letters, digits and underscores only (it is typed as #title).',
    ],
    ['no title', { body: 'x' }, 'MACRO NEEDS A TITLE'],
    ['an empty title', { title: ' ', body: 'x' }, 'MACRO NEEDS A TITLE'],
    ['no body', { title: 'no_body' }, 'MACRO NEEDS A BODY'],
    ['an empty text', { title: 'empty_text', body: '  ' }, 'MACRO NEEDS A BODY'],
    [
      'an over-long text',
      { title: 'long_text', body: 'x'.repeat(2001) },
      'A macro text must be at most 2,000 characters.',
    ],
    [
      'too many tags',
      { title: 'many_tags', body: 'x', tags: Array.from({ length: 11 }, (_, index) => `t${index}`) },
      'A macro has at most 10 tags.',
    ],
    [
      'tags that are neither text nor a list',
      { title: 'odd_tags', body: 'x', tags: 5 },
      'Tags are one text, separated by commas (or a list of tags).',
    ],
    [
      'an over-long tag',
      { title: 'long_tag', body: 'x', tags: 'x'.repeat(41) },
      'A tag must be at most 40 characters.',
    ],
    [
      'a variable the Portal does not know',
      { title: 'unknown_variable', body: 'Hi {frist_name}, your code is {code}.' },
      'The text uses {frist_name} and {code}, which are not variables the Portal knows: use one from the list, or write {?frist name} to have the agent asked for it.',
    ],
    [
      'an asked variable without a label',
      { title: 'empty_label', body: 'We call you {?}.' },
      'The text asks the agent with {?}, which needs a label of 1 to 60 characters, as in {?callback time}.',
    ],
  ])('answers 400 for %s and writes nothing', async (_case, payload, error) => {
    const before = await snapshotTicketWrites(t.database.db);
    const response = await postJson(t.app, editor, 'update_macro', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContain(error);
    expect(await snapshotTicketWrites(t.database.db)).toEqual(before);
  });

  it("saves the catalogue's variables, asked ones and braces that hold no variable", async () => {
    const body =
      'Hi {first_name}, {payoff_amount} today; we call {callback_date} at {?best time}. {agent_first_name} :-{}';
    const response = await postJson(t.app, editor, 'update_macro', { title: 'with_variables', body });
    expect(response.statusCode).toBe(200);
    expect(response.json().macro.body).toBe(body);
  });

  it('takes tags as the editor sends them: comma-separated, trimmed, one of each whatever the case', async () => {
    const response = await postJson(t.app, editor, 'update_macro', {
      title: 'comma_tags',
      body: 'Text',
      tags: ' Fees, payments ,fees,, Bounces ,PAYMENTS',
    });
    expect(response?.statusCode).toBe(200);
    expect(response?.json().macro.tags).toEqual(['Bounces', 'Fees', 'payments']);
  });

  it('keeps every saved text of a macro with who saved it', async () => {
    await postJson(t.app, editor, 'update_macro', { title: 'versioned', body: 'First text', tags: 'A' });
    t.clock.advance(60_000);
    const second = await postJson(t.app, editor, 'update_macro', { title: 'versioned', body: 'Second text', tags: '' });
    const versions = await t.database.db
      .select()
      .from(macroVersions)
      .where(eq(macroVersions.macroId, second?.json().macro.id))
      .orderBy(macroVersions.savedAt);
    expect(versions.map((version) => [version.body, version.tags, version.employeeId])).toEqual([
      ['First text', ['A'], editor.id],
      ['Second text', [], editor.id],
    ]);

    const history = await callAsStaff(t.app, editor, 'GET', 'macro_versions', { title: 'versioned' });
    expect(history.statusCode).toBe(200);
    expect(
      history.json().versions.map((version: { body: string; saved_by: string }) => [version.body, version.saved_by]),
    ).toEqual([
      ['Second text', editor.name],
      ['First text', editor.name],
    ]);
    const unknown = await callAsStaff(t.app, editor, 'GET', 'macro_versions', { title: 'no_such_macro' });
    expectErrors(unknown, 404, ["That macro doesn't exist yet!"]);
  });

  it('saves two simultaneous creations of one title as one macro', async () => {
    const [one, two] = await Promise.all([
      postJson(t.app, editor, 'update_macro', { title: 'race_title', body: 'First', tags: ['A'] }),
      postJson(t.app, editor, 'update_macro', { title: 'race_title', body: 'Second', tags: ['B'] }),
    ]);
    expect([one?.statusCode, two?.statusCode]).toEqual([200, 200]);
    expect(one?.json().macro.id).toBe(two?.json().macro.id);
    expect(await t.database.db.select().from(macros).where(eq(macros.title, 'race_title'))).toHaveLength(1);
  });
});

describe('POST update_macro with original_title (a rename)', () => {
  const versionsOf = (title: string) =>
    t.app.inject({ method: 'GET', url: '/internal/api/macro_versions', headers: editor.headers, query: { title } });
  const writes = async () => {
    const [versions] = await t.database.db.select({ n: count() }).from(macroVersions);
    return { ...(await snapshotTicketWrites(t.database.db)), macroVersions: versions?.n };
  };

  it('renames the macro it was loaded as, with its new text and tags, keeping its id and history', async () => {
    const first = (
      await postJson(t.app, editor, 'update_macro', { title: 'old_name', body: 'Old text', tags: 'Fees' })
    ).json().macro;
    t.clock.advance(60_000);
    const response = await postJson(t.app, editor, 'update_macro', {
      original_title: 'old_name',
      title: 'new_name',
      body: 'New text',
      tags: 'Payments, fees, payments',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      macro: { id: first.id, title: 'new_name', body: 'New text', purpose: 'servicing', tags: ['fees', 'Payments'] },
    });

    expect(await t.database.db.select().from(macros).where(eq(macros.title, 'old_name'))).toEqual([]);
    const [renamed] = await t.database.db.select().from(macros).where(eq(macros.id, first.id));
    expect(renamed).toMatchObject({ title: 'new_name', body: 'New text', active: true });
    const [audit] = await auditEventsOf(t.database.db, 'macro.renamed', first.id);
    expect(audit).toMatchObject({
      employeeId: editor.id,
      entityType: 'macro',
      before: { title: 'old_name', body: 'Old text', tags: ['Fees'] },
      after: { id: first.id, title: 'new_name', body: 'New text', tags: ['fees', 'Payments'] },
    });

    // The history follows the macro: both texts under the new title, none under the old.
    const history = await versionsOf('new_name');
    expect(history.statusCode).toBe(200);
    expect(
      history
        .json()
        .versions.map((version: { title: string; body: string; saved_by: string }) => [
          version.title,
          version.body,
          version.saved_by,
        ]),
    ).toEqual([
      ['new_name', 'New text', editor.name],
      ['old_name', 'Old text', editor.name],
    ]);
    expect((await versionsOf('old_name')).statusCode).toBe(404);
    const titles = titlesOf((await fetchMacros()).json().macros);
    expect(titles).toContain('new_name');
    expect(titles).not.toContain('old_name');
  });

  it('saves as usual when original_title is the title (or blank)', async () => {
    await postJson(t.app, editor, 'update_macro', { title: 'same_name', body: 'One' });
    const same = await postJson(t.app, editor, 'update_macro', {
      original_title: 'same_name',
      title: 'same_name',
      body: 'Two',
    });
    expect(same.statusCode).toBe(200);
    const [audit] = await auditEventsOf(t.database.db, 'macro.updated', same.json().macro.id);
    expect(audit).toMatchObject({ before: { body: 'One' }, after: { body: 'Two' } });

    const blank = await postJson(t.app, editor, 'update_macro', {
      original_title: ' ',
      title: 'fresh_name',
      body: 'x',
    });
    expect(blank.statusCode).toBe(200);
    expect(blank.json().macro.title).toBe('fresh_name');
  });

  describe('refused', () => {
    beforeAll(async () => {
      await createMacro(t.database.db, { title: 'rename_me', body: 'Mine', tags: ['Kept'] });
      await createMacro(t.database.db, { title: 'taken_name', body: 'Theirs', tags: ['Theirs'] });
    });

    it.each([
      [
        'an original title no macro has',
        { original_title: 'never_was', title: 'will_be', body: 'Text' },
        404,
        ["That macro doesn't exist yet!"],
      ],
      [
        'a new title another macro has',
        { original_title: 'rename_me', title: 'taken_name', body: 'Changed', tags: 'Changed' },
        409,
        ['Another macro is already called taken_name. Choose a different title, or load that macro to change it.'],
      ],
      [
        'an original title that is not text',
        { original_title: 7, title: 'will_be', body: 'Text' },
        400,
        ['The original title is a text (the title the macro had when it was loaded).'],
      ],
    ])('refuses %s and writes nothing', async (_case, payload, status, errors) => {
      const before = await writes();
      const response = await postJson(t.app, editor, 'update_macro', payload);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ errors });
      expect(await writes()).toEqual(before);
      expect(titlesOf((await fetchMacros()).json().macros)).not.toContain('will_be');
      const kept = (await fetchMacros()).json().macros as Macro[];
      expect(kept.find((macro) => macro.title === 'rename_me')).toMatchObject({ body: 'Mine', tags: ['Kept'] });
      expect(kept.find((macro) => macro.title === 'taken_name')).toMatchObject({ body: 'Theirs', tags: ['Theirs'] });
    });
  });

  it('renames and creates one title at once without an error of its own: one macro has it after', async () => {
    await postJson(t.app, editor, 'update_macro', { title: 'race_from', body: 'Renamed' });
    const [rename, create] = await Promise.all([
      postJson(t.app, editor, 'update_macro', { original_title: 'race_from', title: 'race_to', body: 'Renamed' }),
      postJson(t.app, editor, 'update_macro', { title: 'race_to', body: 'Created' }),
    ]);
    expect(create.statusCode).toBe(200);
    // The rename went first (the creation then saved onto it), or found the title taken.
    expect([200, 409]).toContain(rename.statusCode);
    expect(await t.database.db.select().from(macros).where(eq(macros.title, 'race_to'))).toHaveLength(1);
  });

  it('reads a title taken at the last moment (the unique index) as taken, not as a failure', async () => {
    const mine = await createMacro(t.database.db, { title: 'late_mine', body: 'Mine' });
    await createMacro(t.database.db, { title: 'late_taken', body: 'Theirs' });
    const at = new Date('2026-11-21T18:00:00Z');
    expect(
      await renameMacro(t.database.db, mine.id, { title: 'late_taken', body: 'Changed', purpose: 'servicing', at }),
    ).toBeUndefined();
    expect(await t.database.db.select().from(macros).where(eq(macros.id, mine.id))).toMatchObject([
      { title: 'late_mine', body: 'Mine' },
    ]);
  });
});
