import { maskSsn, parsedDataSchema, ssnLast4, type ParsedData } from '@portal/contracts';
import type { BankruptcyNoticesDeps } from './deps.ts';
import { HttpError } from '../../platform/http-error.ts';
import { isSealed, type SecretBox } from '../../platform/secret-box.ts';
import { openStoredSsn, sealSsnDigits, ssnKeysIfConfigured } from '../../platform/ssn-sealing.ts';

// Debtors' SSNs at rest (decision 023, as for customers): a whole number in parsed_data is sealed
// with the app's SSN keys (platform/ssn-sealing.ts, the customers' too), bound to the notice and the
// field (`bankruptcy_notice:<id>:debtor_ssn`), so it neither lies in plain text nor opens when
// copied to another notice or field. Only the employee holding the notice (who edits it) is sent
// the nine digits; anyone else sees '***-**-6789'. A four-digit value is what the court printed and
// is stored as it is.

export const SSN_FIELDS = ['debtor_ssn', 'joint_debtor_ssn'] as const;
export type SsnField = (typeof SSN_FIELDS)[number];

// parsed_data as stored: the wire's fields, with each whole SSN sealed ('gcm1:...').
export type StoredParsedData = ParsedData;

// What a sealed SSN that does not open (a lost or changed key) shows: nothing of it.
const UNREADABLE_MASK = '***-**-****';

export function noticeSsnContext(noticeId: number, field: SsnField): string {
  return `bankruptcy_notice:${noticeId}:${field}`;
}

// The app's SSN box, or null without SECRETS_KEY (notices still show what they can).
export function noticeSecretBox(context: Pick<BankruptcyNoticesDeps, 'secretsKey'>): SecretBox | null {
  return ssnKeysIfConfigured(context)?.box ?? null;
}

export function requireSecretBox(context: Pick<BankruptcyNoticesDeps, 'secretsKey'>): SecretBox {
  const box = noticeSecretBox(context);
  if (!box)
    throw new HttpError(
      503,
      'No secrets key is configured (SECRETS_KEY), so a whole SSN cannot be stored; enter its last four digits, or ask engineering to set one.',
    );
  return box;
}

export function sealNoticeSsn(box: SecretBox, noticeId: number, field: SsnField, digits: string): string {
  return sealSsnDigits(box, digits, noticeSsnContext(noticeId, field));
}

// The stored value's digits: the nine of a sealed one, null when it does not open.
function openNoticeSsn(box: SecretBox | null, noticeId: number, field: SsnField, stored: string | null): string | null {
  if (stored === null || !isSealed(stored)) return stored;
  if (!box) return null;
  try {
    return openStoredSsn(box, stored, noticeSsnContext(noticeId, field));
  } catch {
    return null;
  }
}

// What a viewer is sent of a stored SSN: the holder the digits, anyone else the mask of a whole one.
export function ssnForViewer(
  box: SecretBox | null,
  noticeId: number,
  field: SsnField,
  stored: string | null,
  holder: boolean,
): string | null {
  if (stored === null || !isSealed(stored)) return stored;
  const digits = openNoticeSsn(box, noticeId, field, stored);
  if (digits === null) return UNREADABLE_MASK;
  return holder ? digits : maskSsn(ssnLast4(digits));
}

const PARSED_FIELDS = Object.keys(parsedDataSchema.shape) as Array<keyof ParsedData>;

// Every field of parsed_data, null when the stored object lacks it (a row written by hand or by
// an older version), so the wire always carries the whole shape.
function completeParsedData(stored: Partial<StoredParsedData>): StoredParsedData {
  return Object.fromEntries(PARSED_FIELDS.map((field) => [field, stored[field] ?? null])) as StoredParsedData;
}

// parsed_data for a viewer.
export function parsedDataForViewer(
  box: SecretBox | null,
  noticeId: number,
  stored: StoredParsedData,
  holder: boolean,
): ParsedData {
  const shown = completeParsedData(stored);
  for (const field of SSN_FIELDS) shown[field] = ssnForViewer(box, noticeId, field, stored[field] ?? null, holder);
  return shown;
}

// parsed_data for the audit record and logs: whole SSNs as their mask.
export function maskedParsedData(box: SecretBox | null, noticeId: number, stored: StoredParsedData): ParsedData {
  return parsedDataForViewer(box, noticeId, stored, false);
}

// parsed_data as the notice form's rule reads it: digits, so that a sealed number counts as the
// nine digits it is even when it cannot be opened here (it was checked when it was stored).
export function parsedDataForRules(box: SecretBox | null, noticeId: number, stored: StoredParsedData): ParsedData {
  const readable = completeParsedData(stored);
  for (const field of SSN_FIELDS) {
    const value = stored[field] ?? null;
    if (value !== null && isSealed(value)) readable[field] = openNoticeSsn(box, noticeId, field, value) ?? '000000000';
  }
  return readable;
}

function isSealedSsn(value: string | null): boolean {
  return value !== null && isSealed(value);
}

// The mask a viewer was shown for the stored value (to recognise it sent back unchanged).
export function storedMask(box: SecretBox | null, noticeId: number, field: SsnField, stored: string | null) {
  return isSealedSsn(stored) ? ssnForViewer(box, noticeId, field, stored, false) : null;
}
