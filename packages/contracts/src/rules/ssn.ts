// Social Security numbers as staff type them and as the Portal shows them. Staff see the last four
// digits only ('***-**-6789'); the whole number is shown to holders of customers.reveal_ssn, one
// audited reveal at a time. Each reading of "the digits" and each way of showing a number has one
// name here:
// - ssnDigits: the nine digits of a well-formed SSN (the SSA's shape rules), or null;
// - unvalidatedSsnDigits: nine digits written with or without dashes and spaces, no shape rules;
// - ssnFieldDigits: every digit of a field that takes a last four or a whole number;
// - maskSsn: '***-**-6789' from the last four; formatSsn: '123-45-6789' from the nine;
//   formatTypedSsn: '123-45-6' as far as an employee has typed.

export const SSN_REQUIRED_MESSAGE = 'Please enter a value for SSN.';
// Room for the nine digits with dashes and spaces between; anything longer is not an SSN.
export const SSN_MAX_INPUT_LENGTH = 20;

const SSN_DIGITS = 9;
const TYPED_SSN = /^[\d\s-]+$/;
const SEPARATORS = /[\s-]/g;
const NINE_DIGITS = /^\d{9}$/;
const NOT_A_DIGIT = /\D/g;

// Why what was typed is not an SSN, in the words staff see, or null when it is one. Dashes and
// spaces are fine ('123-45-6789', '123 45 6789', '123456789'). The shape rules are the SSA's: no
// area 000, 666 or 900-999, no group 00, no serial 0000.
export function ssnProblem(text: string | null | undefined): string | null {
  const typed = (text ?? '').trim();
  if (typed === '') return SSN_REQUIRED_MESSAGE;
  if (typed.length > SSN_MAX_INPUT_LENGTH) return 'An SSN is 9 digits, e.g. 123-45-6789; this is too long.';
  if (!TYPED_SSN.test(typed)) return 'An SSN holds digits only (dashes and spaces are fine), e.g. 123-45-6789.';
  const digits = typed.replace(SEPARATORS, '');
  if (digits.length !== SSN_DIGITS) return `An SSN is 9 digits, e.g. 123-45-6789; this one has ${digits.length}.`;
  const area = digits.slice(0, 3);
  if (area === '000' || area === '666' || area.startsWith('9'))
    return 'No SSN starts with 000, 666 or 9: please check the first three digits.';
  if (digits.slice(3, 5) === '00') return 'The middle two digits of an SSN are never 00: please check them.';
  if (digits.slice(5) === '0000') return 'The last four digits of an SSN are never 0000: please check them.';
  return null;
}

// The nine digits of a typed SSN, or null when ssnProblem has something to say about it.
export function ssnDigits(text: string | null | undefined): string | null {
  if (ssnProblem(text) !== null) return null;
  return (text ?? '').replace(SEPARATORS, '');
}

// The nine digits of an SSN written with or without dashes and spaces, or null; the shape rules are
// not applied, so a number stored before them (or sent by a credit bureau) is still read and found.
export function unvalidatedSsnDigits(text: string): string | null {
  const digits = text.replace(SEPARATORS, '');
  return NINE_DIGITS.test(digits) ? digits : null;
}

// Every digit of an SSN field, however many, anything else dropped: a bankruptcy notice's debtor
// SSN is the last four or all nine, as the court printed it.
export function ssnFieldDigits(text: string | null | undefined): string {
  return (text ?? '').replace(NOT_A_DIGIT, '');
}

// The last four of the nine digits: all that is kept in the clear and shown.
export function ssnLast4(digits: string): string {
  return digits.slice(-4);
}

// 'XXX-XX-XXXX' from the nine digits.
export function formatSsn(digits: string): string {
  return `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
}

// '***-**-6789' from the last four digits, or null when no SSN is on file.
export function maskSsn(last4: string | null | undefined): string | null {
  return last4 ? `***-**-${last4}` : null;
}

// A whole SSN laid out 'XXX-XX-XXXX' as far as it has been typed: digits only, at most nine, and a
// dash only once a digit follows it, so deleting never gets stuck on one.
export function formatTypedSsn(text: string): string {
  const digits = ssnFieldDigits(text).slice(0, SSN_DIGITS);
  if (digits.length <= 3) return digits;
  if (digits.length <= 5) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return formatSsn(digits);
}
