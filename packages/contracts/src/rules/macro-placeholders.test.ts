import { describe, expect, it } from 'vitest';
import {
  findUnfilledPlaceholders,
  macroPrefillMissingAlert,
  missingPrefills,
  unfilledPlaceholdersError,
} from './macro-placeholders.ts';

describe('findUnfilledPlaceholders', () => {
  it('lists each {name} left in the text once, in order', () => {
    expect(findUnfilledPlaceholders('Hi Amy, your phone number is now {new_phone}.')).toEqual(['{new_phone}']);
    expect(findUnfilledPlaceholders('{amount} on {date}, then {amount} again')).toEqual(['{amount}', '{date}']);
  });

  it('finds nothing in a filled text, in braces that hold no name, or in JSON-like text', () => {
    expect(findUnfilledPlaceholders('Hi Amy, your phone number is now 5035550123.')).toEqual([]);
    expect(findUnfilledPlaceholders('a {} b { spaced } c {1x}')).toEqual([]);
  });
});

describe('unfilledPlaceholdersError', () => {
  it('names what is left, or is null', () => {
    expect(unfilledPlaceholdersError('now {new_phone}')).toBe(
      "The message still has the placeholder {new_phone} from a macro. Replace it with the customer's details before sending.",
    );
    expect(unfilledPlaceholdersError('{a} {b}')).toContain('the placeholders {a}, {b}');
    expect(unfilledPlaceholdersError('all done')).toBeNull();
  });
});

describe('missingPrefills', () => {
  it('lists the known placeholders without a value, not the ones the agent writes', () => {
    expect(missingPrefills('Hi {first_name}, now {new_phone}', ['first_name'], { first_name: null })).toEqual([
      '{first_name}',
    ]);
    expect(missingPrefills('Hi {first_name}', ['first_name'], { first_name: 'Amy' })).toEqual([]);
  });
});

describe('macroPrefillMissingAlert', () => {
  it('asks to contact internal tools, naming what is missing', () => {
    expect(macroPrefillMissingAlert(['{first_name}'])).toBe(
      "This macro's prefill is missing ({first_name}). Please contact internal tools to fix it.",
    );
  });
});
