import { describe, expect, it } from 'vitest';
import {
  formatSsn,
  formatTypedSsn,
  maskSsn,
  SSN_REQUIRED_MESSAGE,
  ssnDigits,
  ssnFieldDigits,
  ssnLast4,
  ssnProblem,
  unvalidatedSsnDigits,
} from './ssn.ts';

describe('SSN rules', () => {
  it("asks for a value when there is none (spec 000 section 5: 'Please enter a value for SSN.')", () => {
    expect(SSN_REQUIRED_MESSAGE).toBe('Please enter a value for SSN.');
    for (const empty of [undefined, null, '', '   ']) expect(ssnProblem(empty)).toBe(SSN_REQUIRED_MESSAGE);
  });

  it('takes nine digits with or without dashes and spaces', () => {
    for (const typed of ['123-45-6789', '123 45 6789', '123456789', ' 123 - 45 - 6789 ']) {
      expect(ssnProblem(typed)).toBeNull();
      expect(ssnDigits(typed)).toBe('123456789');
    }
  });

  it('says how many digits there were when not nine', () => {
    expect(ssnProblem('123-45-678')).toBe('An SSN is 9 digits, e.g. 123-45-6789; this one has 8.');
    expect(ssnProblem('1234567890')).toBe('An SSN is 9 digits, e.g. 123-45-6789; this one has 10.');
    expect(ssnProblem('1'.repeat(21))).toBe('An SSN is 9 digits, e.g. 123-45-6789; this is too long.');
    expect(ssnDigits('12345678')).toBeNull();
  });

  it('refuses letters and other characters, and digits of other scripts', () => {
    for (const typed of ['123-45-678O', 'abc-de-fghi', '123.45.6789', '123/45/6789', '١٢٣-٤٥-٦٧٨٩', '+123456789'])
      expect(ssnProblem(typed)).toBe('An SSN holds digits only (dashes and spaces are fine), e.g. 123-45-6789.');
  });

  it('refuses numbers the SSA never issues: area 000, 666 or 9xx, group 00, serial 0000', () => {
    const area = 'No SSN starts with 000, 666 or 9: please check the first three digits.';
    expect(ssnProblem('000-12-3456')).toBe(area);
    expect(ssnProblem('666-12-3456')).toBe(area);
    expect(ssnProblem('900-12-3456')).toBe(area);
    expect(ssnProblem('999-99-9999')).toBe(area);
    expect(ssnProblem('123-00-4567')).toBe('The middle two digits of an SSN are never 00: please check them.');
    expect(ssnProblem('123-45-0000')).toBe('The last four digits of an SSN are never 0000: please check them.');
    expect(ssnProblem('001-01-0001')).toBeNull();
    expect(ssnProblem('899-99-9999')).toBeNull();
    expect(ssnProblem('665-01-0001')).toBeNull();
  });

  it('formats the nine digits and masks all but the last four', () => {
    expect(formatSsn('123456789')).toBe('123-45-6789');
    expect(maskSsn('6789')).toBe('***-**-6789');
    expect(maskSsn(null)).toBeNull();
  });
});

// Each reading of an SSN's digits, side by side on the same inputs: the differences are the point.
describe('the digits of an SSN', () => {
  it('ssnDigits: a well-formed SSN only, by the shape rules', () => {
    expect(ssnDigits('123-45-6789')).toBe('123456789');
    expect(ssnDigits('000-12-3456')).toBeNull();
    expect(ssnDigits('123.45.6789')).toBeNull();
    expect(ssnDigits('6789')).toBeNull();
  });

  it('unvalidatedSsnDigits: nine digits with dashes and spaces, shape rules not applied', () => {
    expect(unvalidatedSsnDigits('123-45-6789')).toBe('123456789');
    expect(unvalidatedSsnDigits(' 123 45 6789 ')).toBe('123456789');
    // Searches find numbers stored before the shape rules too.
    expect(unvalidatedSsnDigits('000-12-3456')).toBe('000123456');
    expect(unvalidatedSsnDigits('123-45-678')).toBeNull();
    expect(unvalidatedSsnDigits('123.45.6789')).toBeNull();
  });

  it('ssnFieldDigits: every digit, however many, anything else dropped', () => {
    expect(ssnFieldDigits('123.45.6789')).toBe('123456789');
    expect(ssnFieldDigits('xxx-xx-6789')).toBe('6789');
    expect(ssnFieldDigits('1234-5678-90')).toBe('1234567890');
    expect(ssnFieldDigits(null)).toBe('');
  });

  it('ssnLast4: the last four of the nine', () => {
    expect(ssnLast4('123456789')).toBe('6789');
  });
});

describe('formatTypedSsn (an SSN field as it is typed)', () => {
  it('lays the digits out XXX-XX-XXXX as far as they go, a dash only before a digit', () => {
    expect(formatTypedSsn('')).toBe('');
    expect(formatTypedSsn('123')).toBe('123');
    expect(formatTypedSsn('1234')).toBe('123-4');
    expect(formatTypedSsn('12345')).toBe('123-45');
    expect(formatTypedSsn('123456')).toBe('123-45-6');
    expect(formatTypedSsn('123456789')).toBe('123-45-6789');
  });

  it('drops what is not a digit and stops at nine, and is formatSsn on a whole number', () => {
    expect(formatTypedSsn('12a3-45-6789 0')).toBe('123-45-6789');
    expect(formatTypedSsn('123-45-6789')).toBe(formatSsn('123456789'));
    // Typing over its own output changes nothing.
    expect(formatTypedSsn(formatTypedSsn('12345'))).toBe('123-45');
  });
});
