import { describe, expect, it } from 'vitest';
import { DEBIT_WARNING, debitWarning, expandMacroShortcut, truncateSuggestion } from './reply.ts';

const achOnly = { eligible_payment_methods: ['ach'] };
const withDebit = { eligible_payment_methods: ['ach', 'debit'] };

describe('debitWarning', () => {
  it('warns when the reply mentions debit, a loan is active and none allows debit', () => {
    expect(debitWarning('You can pay by Debit card', [achOnly])).toBe(DEBIT_WARNING);
  });
  it('is quiet when an active loan allows debit', () => {
    expect(debitWarning('pay by debit', [achOnly, withDebit])).toBeNull();
  });
  it('is quiet without an active loan', () => {
    expect(debitWarning('pay by debit', [])).toBeNull();
  });
  it('is quiet when debit is not mentioned as a word', () => {
    expect(debitWarning('your debits are fine, autodebit is on', [achOnly])).toBeNull();
  });
});

describe('truncateSuggestion', () => {
  it('keeps a suggestion of up to 200 characters', () => {
    const text = 'a'.repeat(200);
    expect(truncateSuggestion(text)).toBe(text);
  });
  it('cuts a longer one to 140 characters and an ellipsis', () => {
    const cut = truncateSuggestion('b'.repeat(201));
    expect(cut).toBe(`${'b'.repeat(140)}...`);
  });
});

describe('expandMacroShortcut', () => {
  const macros = [
    { id: 1, title: 'change_phone', body: 'Your phone number is updated.' },
    { id: 2, title: 'empty_one', body: '  ' },
  ];
  it('replaces #name before the caret with the macro text', () => {
    const text = 'Hi Ana, #change_phone';
    expect(expandMacroShortcut(text, text.length, macros)).toEqual({
      kind: 'expanded',
      text: 'Hi Ana, Your phone number is updated.',
      caret: 'Hi Ana, Your phone number is updated.'.length,
      macroId: 1,
    });
  });
  it('keeps what follows the caret', () => {
    const text = '#change_phone\nThanks';
    const result = expandMacroShortcut(text, 13, macros);
    expect(result).toMatchObject({ kind: 'expanded', text: 'Your phone number is updated.\nThanks' });
  });
  it('does nothing for an unknown macro or text without a hash word', () => {
    expect(expandMacroShortcut('#nope', 5, macros)).toEqual({ kind: 'none' });
    expect(expandMacroShortcut('plain', 5, macros)).toEqual({ kind: 'none' });
    expect(expandMacroShortcut('mail#change_phone', 17, macros)).toEqual({ kind: 'none' });
  });
  it('reports a macro whose prefill is missing', () => {
    expect(expandMacroShortcut('#empty_one', 10, macros)).toEqual({ kind: 'prefill-missing', macroTitle: 'empty_one' });
  });
});
