import { describe, expect, it } from 'vitest';
import { checkDraft, draftOf, macroRequest, sameDraft } from './macro-draft.ts';

const none = new Set<string>();

describe('checkDraft', () => {
  it("answers the contract's sentences by field", () => {
    expect(checkDraft({ title: ' ', body: '', tags: '', purpose: 'servicing' }, null, none)).toEqual({
      title: ['MACRO NEEDS A TITLE'],
      body: ['MACRO NEEDS A BODY'],
    });
    expect(
      checkDraft(
        { title: 'Bad Title', body: 'x'.repeat(2001), tags: 'x'.repeat(41), purpose: 'servicing' },
        null,
        none,
      ),
    ).toEqual({
      title: ['A macro title uses lowercase letters, digits and underscores only (it is typed as #title).'],
      body: ['A macro text must be at most 2,000 characters.'],
      tags: ['A tag must be at most 40 characters.'],
    });
  });

  it('refuses a title another macro has, for a new macro and for a rename, but not the macro itself', () => {
    const titles = new Set(['closing', 'greeting']);
    const taken = 'Another macro is already called closing. Choose a different title, or load that macro to change it.';
    expect(checkDraft({ title: 'closing', body: 'x', tags: '', purpose: 'servicing' }, null, titles)).toEqual({
      title: [taken],
    });
    expect(checkDraft({ title: 'closing', body: 'x', tags: '', purpose: 'servicing' }, 'greeting', titles)).toEqual({
      title: [taken],
    });
    expect(checkDraft({ title: ' closing ', body: 'x', tags: '', purpose: 'servicing' }, 'closing', titles)).toBeNull();
  });
});

describe('macroRequest', () => {
  it('sends original_title only for a macro that was loaded', () => {
    const draft = { title: 'new_name', body: 'Text', tags: 'A, B', purpose: 'servicing' } as const;
    expect(macroRequest(draft, null)).toEqual({ title: 'new_name', body: 'Text', tags: 'A, B', purpose: 'servicing' });
    expect(macroRequest(draft, 'old_name')).toEqual({ ...draft, original_title: 'old_name' });
  });
});

describe('sameDraft', () => {
  it('compares as the server keeps a macro: trimmed, tags one of each and in order', () => {
    const saved = draftOf({ title: 'closing', body: 'Bye!', tags: ['General', 'Account'], purpose: 'servicing' });
    expect(
      sameDraft(saved, { title: 'closing ', body: 'Bye!\n', tags: 'Account, general,, General', purpose: 'servicing' }),
    ).toBe(false);
    expect(
      sameDraft(saved, { title: 'closing ', body: 'Bye!\n', tags: 'Account, General,, general', purpose: 'servicing' }),
    ).toBe(true);
    expect(sameDraft(saved, { ...saved, body: 'Bye now!' })).toBe(false);
    // A collection macro is another macro for the contact gate: a change to save.
    expect(sameDraft(saved, { ...saved, purpose: 'collection' })).toBe(false);
  });
});
