import { describe, expect, it } from 'vitest';
import { checkDraft, draftOf, macroRequest, sameDraft } from './macro-draft.ts';

const none = new Set<string>();

describe('checkDraft', () => {
  it("answers the contract's sentences by field", () => {
    expect(checkDraft({ title: ' ', body: '', tags: '' }, null, none)).toEqual({
      title: ['MACRO NEEDS A TITLE'],
      body: ['MACRO NEEDS A BODY'],
    });
    expect(checkDraft({ title: 'Bad Title', body: 'x'.repeat(2001), tags: 'x'.repeat(41) }, null, none)).toEqual({
      title: ['A macro title uses lowercase letters, digits and underscores only (it is typed as #title).'],
      body: ['A macro text must be at most 2,000 characters.'],
      tags: ['A tag must be at most 40 characters.'],
    });
  });

  it('refuses a title another macro has, for a new macro and for a rename, but not the macro itself', () => {
    const titles = new Set(['closing', 'greeting']);
    const taken = 'Another macro is already called closing. Choose a different title, or load that macro to change it.';
    expect(checkDraft({ title: 'closing', body: 'x', tags: '' }, null, titles)).toEqual({ title: [taken] });
    expect(checkDraft({ title: 'closing', body: 'x', tags: '' }, 'greeting', titles)).toEqual({ title: [taken] });
    expect(checkDraft({ title: ' closing ', body: 'x', tags: '' }, 'closing', titles)).toBeNull();
  });
});

describe('macroRequest', () => {
  it('sends original_title only for a macro that was loaded', () => {
    const draft = { title: 'new_name', body: 'Text', tags: 'A, B' };
    expect(macroRequest(draft, null)).toEqual({ title: 'new_name', body: 'Text', tags: 'A, B' });
    expect(macroRequest(draft, 'old_name')).toEqual({ ...draft, original_title: 'old_name' });
  });
});

describe('sameDraft', () => {
  it('compares as the server keeps a macro: trimmed, tags one of each and in order', () => {
    const saved = draftOf({ title: 'closing', body: 'Bye!', tags: ['General', 'Account'] });
    expect(sameDraft(saved, { title: 'closing ', body: 'Bye!\n', tags: 'Account, general,, General' })).toBe(false);
    expect(sameDraft(saved, { title: 'closing ', body: 'Bye!\n', tags: 'Account, General,, general' })).toBe(true);
    expect(sameDraft(saved, { ...saved, body: 'Bye now!' })).toBe(false);
  });
});
