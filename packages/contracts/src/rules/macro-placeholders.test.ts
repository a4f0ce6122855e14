import { describe, expect, it } from 'vitest';
import { findUnfilledPlaceholders, unfilledPlaceholdersError } from './macro-placeholders.ts';

describe('findUnfilledPlaceholders', () => {
  it('lists each variable left in the text once, in order, asked ones too', () => {
    expect(findUnfilledPlaceholders('Hi Amy, your phone number is now {new_phone}.')).toEqual(['{new_phone}']);
    expect(findUnfilledPlaceholders('{amount} on {date}, then {amount} again')).toEqual(['{amount}', '{date}']);
    expect(findUnfilledPlaceholders('We call you {?callback time}.')).toEqual(['{?callback time}']);
  });

  it('finds nothing in a filled text, in braces that hold no name, or in JSON-like text', () => {
    expect(findUnfilledPlaceholders('Hi Amy, your phone number is now 5035550123.')).toEqual([]);
    expect(findUnfilledPlaceholders('a {} b { spaced } c {1x} {"a": 1}')).toEqual([]);
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
