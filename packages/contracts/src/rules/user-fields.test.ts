import { describe, expect, it } from 'vitest';
import { isValidDate, validateUserField } from './user-fields.ts';

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
  it('refuses an empty name', () => {
    expect(validateUserField('first_name', '  ')).toEqual({ ok: false, error: 'Invalid Entry for field: first_name' });
  });
});
