import { PHONE_DIGITS } from '../constants.ts';
import { hasControlCharacter } from '../primitives.ts';

// Editable personal fields and the rules of spec 000 section 5.
export const editableUserFields = [
  'first_name',
  'middle_initial',
  'last_name',
  'email',
  'phone_number',
  'birthday',
  'street',
  'city',
  'state',
  'zip',
] as const;
export type EditableUserField = (typeof editableUserFields)[number];

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const PHONE_STRIPPED = /[\s()[\]-]/g;

export function invalidEntryMessage(field: string): string {
  return `Invalid Entry for field: ${field}`;
}

export type FieldCheck = { ok: true; value: string } | { ok: false; error: string };

export function normalizePhone(text: string): string {
  return text.replace(PHONE_STRIPPED, '');
}

export function isValidDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export const MINIMUM_CUSTOMER_AGE = 18;

// A birthday is a real date, not after today, of someone at least 18 today (both YYYY-MM-DD).
export function isAcceptableBirthday(text: string, today: string): boolean {
  if (!isValidDate(text) || text > today) return false;
  const cameOfAge = `${String(Number(text.slice(0, 4)) + MINIMUM_CUSTOMER_AGE).padStart(4, '0')}${text.slice(4)}`;
  return cameOfAge <= today;
}

// `today` is the business date (YYYY-MM-DD), for the birthday rule.
export function validateUserField(field: EditableUserField, text: string, today: string): FieldCheck {
  const value = text.trim();
  const invalid = { ok: false as const, error: invalidEntryMessage(field) };
  // Names, addresses and the rest are one line: a tab, line break or other control character is no entry (issue 27).
  if (hasControlCharacter(value)) return invalid;
  switch (field) {
    case 'email':
      return EMAIL_PATTERN.test(value) && value.length <= 254 ? { ok: true, value: value.toLowerCase() } : invalid;
    case 'phone_number': {
      const digits = normalizePhone(value);
      return new RegExp(`^\\d{${PHONE_DIGITS}}$`).test(digits) ? { ok: true, value: digits } : invalid;
    }
    case 'birthday':
      return isAcceptableBirthday(value, today) ? { ok: true, value } : invalid;
    case 'middle_initial':
      return /^[A-Za-z]?$/.test(value) ? { ok: true, value: value.toUpperCase() } : invalid;
    case 'state':
      return /^[A-Za-z]{2}$/.test(value) ? { ok: true, value: value.toUpperCase() } : invalid;
    case 'zip':
      return /^\d{5}(-\d{4})?$/.test(value) ? { ok: true, value } : invalid;
    default:
      return value.length > 0 && value.length <= 100 ? { ok: true, value } : invalid;
  }
}
