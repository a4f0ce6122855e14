import { formatTypedSsn, type UserSearchField } from '@portal/contracts';

// Input masks of the dispute user search (spec 001 section 5): digits only, laid out as the format
// asks while the employee types. A separator appears only once a digit follows it, so deleting
// never gets stuck on one.
const digits = (text: string, max: number) => text.replace(/\D/g, '').slice(0, max);

export function maskPhone(text: string): string {
  const d = digits(text, 10);
  if (d === '') return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

export function maskDate(text: string): string {
  const d = digits(text, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

export function maskZip(text: string): string {
  const d = digits(text, 9);
  return d.length <= 5 ? d : `${d.slice(0, 5)}-${d.slice(5)}`;
}

const MASKS: Partial<Record<UserSearchField, (text: string) => string>> = {
  user_id: (text) => digits(text, 15),
  loan_id: (text) => digits(text, 15),
  // One rule for every whole-SSN field (contracts rules/ssn.ts).
  ssn: formatTypedSsn,
  ssn_last_four: (text) => digits(text, 4),
  dob: maskDate,
  phone_number: maskPhone,
  zip: maskZip,
};

export function maskSearchField(field: UserSearchField, text: string): string {
  return MASKS[field]?.(text) ?? text;
}
