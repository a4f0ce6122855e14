import { describe, expect, it } from 'vitest';
import { isAcceptableBirthday, isValidDate, validateUserField as validate } from './user-fields.ts';

const TODAY = '2026-11-23';
const validateUserField = (field: Parameters<typeof validate>[0], text: string) => validate(field, text, TODAY);

describe('validateUserField', () => {
  it('accepts a standard email and lowercases it', () => {
    expect(validateUserField('email', ' Ana@Example.COM ')).toEqual({ ok: true, value: 'ana@example.com' });
  });
  it('refuses an email without a domain', () => {
    expect(validateUserField('email', 'ana@example')).toEqual({ ok: false, error: 'Invalid Entry for field: email' });
  });
  it('strips spaces, brackets, parentheses and dashes from a phone and needs exactly 10 digits', () => {
    expect(validateUserField('phone_number', '(555) [123]-4567')).toEqual({ ok: true, value: '5551234567' });
    expect(validateUserField('phone_number', '555-123-456')).toEqual({
      ok: false,
      error: 'Invalid Entry for field: phone_number',
    });
    expect(validateUserField('phone_number', '555.123.4567')).toMatchObject({ ok: false });
  });
  it('needs a birthday that is a real date', () => {
    expect(validateUserField('birthday', '1990-02-28')).toEqual({ ok: true, value: '1990-02-28' });
    expect(validateUserField('birthday', '1990-02-30')).toMatchObject({ ok: false });
    expect(isValidDate('2024-02-29')).toBe(true);
  });
  it('refuses a birthday in the future or of someone under 18', () => {
    expect(validateUserField('birthday', '2027-01-01')).toEqual({
      ok: false,
      error: 'Invalid Entry for field: birthday',
    });
    expect(validateUserField('birthday', '2008-11-24')).toMatchObject({ ok: false });
    expect(validateUserField('birthday', '2008-11-23')).toEqual({ ok: true, value: '2008-11-23' });
    // Born on Feb 29: of age on Mar 1 in a common year (string order puts 02-29 after 02-28).
    expect(isAcceptableBirthday('2008-02-29', '2026-02-28')).toBe(false);
    expect(isAcceptableBirthday('2008-02-29', '2026-03-01')).toBe(true);
  });
  it('refuses an empty name', () => {
    expect(validateUserField('first_name', '  ')).toEqual({ ok: false, error: 'Invalid Entry for field: first_name' });
  });
});
