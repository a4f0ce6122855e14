import {
  NOTICE_DATE_FIELDS,
  NOTICE_FIELD_LABELS,
  NOTICE_TYPE_VALUES,
  formatSsnEntry,
  isoToUsDate,
  noticeProblems,
  ssnEntryDigits,
  usDateToIso,
  type BankruptcyNotice,
  type NoticeDateField,
  type NoticeFields,
  type NoticeProblem,
  type UpdateNoticeBody,
} from '@portal/contracts';

// The notice form as staff see it: dates MM/DD/YYYY, SSNs as typed (formatted past 4 digits),
// every field a string. The wire carries dates YYYY-MM-DD and SSNs as digits.
export type NoticeFieldName = keyof NoticeFields;
export type NoticeDraft = {
  type: string;
  fields: Record<NoticeFieldName, string>;
  // The customer chosen by staff when none matched: digits, or empty.
  customerId: string;
};

export const NOTICE_FIELD_NAMES = [
  'case_number',
  'court_district',
  'b_type',
  'debtor_name',
  'debtor_ssn',
  'joint_debtor_name',
  'joint_debtor_ssn',
  ...NOTICE_DATE_FIELDS,
] as const satisfies readonly NoticeFieldName[];

const SSN_FIELDS: ReadonlySet<NoticeFieldName> = new Set(['debtor_ssn', 'joint_debtor_ssn']);
const DATE_FIELDS: ReadonlySet<NoticeFieldName> = new Set(NOTICE_DATE_FIELDS);

export const isSsnField = (field: NoticeFieldName) => SSN_FIELDS.has(field);

// A whole SSN the server shows only as its mask ('***-**-6789'): sent back untouched, the stored
// number stays; typing in the field replaces it with what is typed.
export const isMaskedSsn = (value: string) => value.includes('*');
export const isDateField = (field: NoticeFieldName): field is NoticeDateField => DATE_FIELDS.has(field);

// Staff may pick the customer only when the server matched none (or staff picked one before).
export function canChooseCustomer(notice: BankruptcyNotice): boolean {
  return notice.customer === null || notice.customer.match === 'staff';
}

export function draftFromNotice(notice: BankruptcyNotice): NoticeDraft {
  const fields = {} as Record<NoticeFieldName, string>;
  for (const field of NOTICE_FIELD_NAMES) {
    const value = notice.parsed_data[field] ?? '';
    if (isDateField(field)) fields[field] = isoToUsDate(value) || value;
    else if (isSsnField(field)) fields[field] = isMaskedSsn(value) ? value : formatSsnEntry(value);
    else fields[field] = value;
  }
  const known = (NOTICE_TYPE_VALUES as readonly string[]).includes(notice.type);
  return {
    type: known ? notice.type : '',
    fields,
    customerId: notice.customer?.match === 'staff' ? String(notice.customer.id) : '',
  };
}

// A date as staff type it: digits and slashes, at most MM/DD/YYYY; eight digits get their slashes.
export function formatUsDateEntry(text: string): string {
  const kept = text.replace(/[^\d/]/g, '').slice(0, 10);
  return /^\d{8}$/.test(kept) ? `${kept.slice(0, 2)}/${kept.slice(2, 4)}/${kept.slice(4)}` : kept;
}

// The draft in the wire's form. A date that is not a real MM/DD/YYYY day stays as typed, so the
// rules name it (and saving refuses it) rather than losing it.
export function fieldsFromDraft(draft: NoticeDraft): NoticeFields {
  const fields = {} as NoticeFields;
  for (const field of NOTICE_FIELD_NAMES) {
    const text = draft.fields[field].trim();
    if (text === '') fields[field] = null;
    else if (isDateField(field)) fields[field] = usDateToIso(text) ?? text;
    else if (isSsnField(field)) fields[field] = isMaskedSsn(text) ? text : ssnEntryDigits(text) || null;
    else fields[field] = text;
  }
  return fields;
}

export function draftProblems(draft: NoticeDraft): NoticeProblem[] {
  return noticeProblems(draft.type, fieldsFromDraft(draft));
}

// Dates that cannot be sent: not blank, not a real MM/DD/YYYY day.
export function unreadableDates(draft: NoticeDraft): string[] {
  return NOTICE_DATE_FIELDS.filter((field) => {
    const text = draft.fields[field].trim();
    return text !== '' && usDateToIso(text) === null;
  }).map((field) => `${NOTICE_FIELD_LABELS[field]} must be a real date (MM/DD/YYYY).`);
}

export function updateBodyFromDraft(draft: NoticeDraft, notice: BankruptcyNotice): UpdateNoticeBody {
  const changes: UpdateNoticeBody['notice'] = {
    parsed_data: fieldsFromDraft(draft),
    type: draft.type as UpdateNoticeBody['notice']['type'],
  };
  if (canChooseCustomer(notice)) {
    const chosen = draft.customerId.trim();
    // Emptying the box takes back an earlier choice; with none before, nothing is said.
    if (chosen !== '') changes.user_id = Number(chosen);
    else if (notice.customer !== null) changes.user_id = null;
  }
  return { notice: changes };
}

export function isDraftChanged(draft: NoticeDraft, notice: BankruptcyNotice): boolean {
  const stored = draftFromNotice(notice);
  return (
    stored.type !== draft.type ||
    stored.customerId !== draft.customerId ||
    NOTICE_FIELD_NAMES.some((field) => stored.fields[field] !== draft.fields[field])
  );
}
