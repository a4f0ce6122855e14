// How a sender is written when we store and compare it: phones as the 10 digits customers.phone_number
// holds (a leading +1 or 1 removed), other numbers as +digits, emails lowercased.

export type ContactChannel = 'text' | 'email';

export function normalizePhoneContact(raw: string): string | null {
  const trimmed = raw.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (digits === '') return null;
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  if (digits.length === 10) return digits;
  // International numbers and short codes keep every digit; they never match a US customer.
  return trimmed.startsWith('+') ? `+${digits}` : digits;
}

export function normalizeEmailContact(raw: string): string | null {
  const email = raw.trim().toLowerCase();
  return email.includes('@') ? email : null;
}
