// Global search box (spec 000 section 2): which /user query parameter a search uses.

export const searchKinds = ['User', 'Loan', 'Payment'] as const;
export type SearchKind = (typeof searchKinds)[number];

export type UserSearchParameter = 'email' | 'phone' | 'ID' | 'name';
export type SearchParameter = UserSearchParameter | 'loan_id' | 'payment_id';

// Separators people type inside phone numbers.
const PHONE_SEPARATORS = /[\s()[\]{}\-.]/g;
const MIN_PHONE_LENGTH = 10;

// '@' means an email; a digit means a phone when at least 10 characters remain after separators
// are stripped, otherwise an ID; anything else (two words, or one) is a name.
export function inferUserSearchParameter(input: string): UserSearchParameter {
  const text = input.trim();
  if (text.includes('@')) return 'email';
  if (/\d/.test(text)) {
    return text.replace(PHONE_SEPARATORS, '').length >= MIN_PHONE_LENGTH ? 'phone' : 'ID';
  }
  return 'name';
}

export function searchParameterFor(kind: SearchKind, input: string): SearchParameter {
  if (kind === 'Loan') return 'loan_id';
  if (kind === 'Payment') return 'payment_id';
  return inferUserSearchParameter(input);
}

// The path the search box navigates to, or null when there is nothing to search for.
export function searchPath(kind: SearchKind, input: string): string | null {
  const value = input.trim();
  if (value === '') return null;
  const parameter = searchParameterFor(kind, value);
  return `/user?${new URLSearchParams({ [parameter]: value }).toString()}`;
}
