import { formatTypedSsn, ssnFieldDigits } from './ssn.ts';
import { isValidDate } from './user-fields.ts';
import { optionLabel, optionValues } from './option-lists.ts';

// The bankruptcy notice form (spec 001 section 5): what is required, the SSN and debtor-pair rules
// and the date each notice type needs. The screen shows these as warnings while editing and as
// errors once Process is pressed; the server refuses the same.

export const NOTICE_TYPES = [
  { value: 'BankruptcyNotice::InitialFiling', label: 'Initial filing' },
  { value: 'BankruptcyNotice::Dismissal', label: 'Dismissal' },
  { value: 'BankruptcyNotice::Discharge', label: 'Discharge' },
  { value: 'BankruptcyNotice::Conversion', label: 'Conversion' },
  { value: 'BankruptcyNotice::PlanConfirmation', label: 'Plan confirmation' },
  { value: 'BankruptcyNotice::Other', label: 'Other' },
] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number]['value'];
export const NOTICE_TYPE_VALUES = optionValues(NOTICE_TYPES, 'value');

export function noticeTypeLabel(value: string | null | undefined): string {
  return optionLabel(NOTICE_TYPES, value, 'Other');
}

export const BANKRUPTCY_CHAPTERS = ['7', '13'] as const;
export const NOTICE_STATUSES = ['ready_for_assignment', 'assigned', 'processed'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

// parsed_data as the form edits it and the wire carries it: dates YYYY-MM-DD, SSNs as digits.
export type NoticeFields = {
  case_number: string | null;
  court_district: string | null;
  b_type: string | null;
  debtor_name: string | null;
  debtor_ssn: string | null;
  joint_debtor_name: string | null;
  joint_debtor_ssn: string | null;
  filed: string | null;
  discharged: string | null;
  dismissed: string | null;
  converted: string | null;
  plan_confirmed: string | null;
  notice_date: string | null;
};
export type NoticeField = keyof NoticeFields | 'type' | 'debtors';

// A notice nothing could be read from (a scanned PDF), and the start of every test's notice.
export const EMPTY_NOTICE_FIELDS: Readonly<NoticeFields> = {
  case_number: null,
  court_district: null,
  b_type: null,
  debtor_name: null,
  debtor_ssn: null,
  joint_debtor_name: null,
  joint_debtor_ssn: null,
  filed: null,
  discharged: null,
  dismissed: null,
  converted: null,
  plan_confirmed: null,
  notice_date: null,
};
export type NoticeProblem = { field: NoticeField; message: string };

export const NOTICE_DATE_FIELDS = [
  'filed',
  'discharged',
  'dismissed',
  'converted',
  'plan_confirmed',
  'notice_date',
] as const;
export type NoticeDateField = (typeof NOTICE_DATE_FIELDS)[number];

export const NOTICE_FIELD_LABELS: Record<keyof NoticeFields | 'type', string> = {
  case_number: 'Case number',
  court_district: 'Court district',
  b_type: 'Bankruptcy type',
  type: 'Notice type',
  debtor_name: 'Debtor name',
  debtor_ssn: 'Debtor SSN',
  joint_debtor_name: 'Joint debtor name',
  joint_debtor_ssn: 'Joint debtor SSN',
  filed: 'Filing date',
  discharged: 'Discharge date',
  dismissed: 'Dismissal date',
  converted: 'Conversion date',
  plan_confirmed: 'Plan confirmation date',
  notice_date: 'Notice date',
};

// The date each notice type cannot do without.
export const NOTICE_REQUIRED_DATE: Partial<Record<NoticeType, { field: NoticeDateField; message: string }>> = {
  'BankruptcyNotice::InitialFiling': { field: 'filed', message: 'Filing date is required for initial filing notices.' },
  'BankruptcyNotice::Discharge': { field: 'discharged', message: 'Discharge date is required for discharge notices.' },
  'BankruptcyNotice::Dismissal': { field: 'dismissed', message: 'Dismissal date is required for dismissal notices.' },
  'BankruptcyNotice::Conversion': {
    field: 'converted',
    message: 'Conversion date is required for conversion notices.',
  },
  'BankruptcyNotice::PlanConfirmation': {
    field: 'plan_confirmed',
    message: 'Plan confirmation date is required for plan confirmation notices.',
  },
};

export const NOTICE_MESSAGES = {
  updated: 'Notice updated successfully.',
  updateFailed: 'Failed to update notice.',
  processed: 'Notice processed successfully.',
  processFailed: 'Failed to process notice.',
  assignFailed: 'Failed to assign notice',
  noneLeft: 'No unresolved bankruptcy notices found.',
  heldByOther: 'This notice is already assigned to another employee and is not editable by you.',
  selectFiles: 'Please select at least one file to upload.',
  uploadFailed: 'An error occurred while uploading files. Please try again.',
  uploaded: (count: number) => `${count} bankruptcy notice(s) uploaded successfully.`,
  ssnLength: 'SSN must be either 4 digits or 9 digits.',
  atLeastOneDebtor:
    'At least one debtor must have complete information (either full 9-digit SSN or name with 4-digit SSN).',
} as const;

export function ssnEntryDigits(text: string | null | undefined): string {
  return ssnFieldDigits(text).slice(0, 9);
}

// What the SSN field shows as staff type: digits only; up to 4 stay as typed (a last four), longer
// ones are formatted XXX-XX-XXXX as far as they go.
export function formatSsnEntry(text: string | null | undefined): string {
  const digits = ssnEntryDigits(text);
  return digits.length <= 4 ? digits : formatTypedSsn(digits);
}

const blank = (value: string | null | undefined) => (value ?? '').trim() === '';

type Debtor = { label: 'Primary debtor' | 'Joint debtor'; name: keyof NoticeFields; ssn: keyof NoticeFields };
const DEBTORS: readonly Debtor[] = [
  { label: 'Primary debtor', name: 'debtor_name', ssn: 'debtor_ssn' },
  { label: 'Joint debtor', name: 'joint_debtor_name', ssn: 'joint_debtor_ssn' },
];

// A debtor pair is complete with a 9-digit SSN, or a name with a 4-digit SSN.
export function isDebtorComplete(name: string | null | undefined, ssn: string | null | undefined): boolean {
  const digits = ssnFieldDigits(ssn);
  return digits.length === 9 || (digits.length === 4 && !blank(name));
}

// Every problem of the notice as it stands, in the form's order; empty when it can be processed.
export function noticeProblems(type: string | null | undefined, fields: Partial<NoticeFields>): NoticeProblem[] {
  const problems: NoticeProblem[] = [];
  for (const field of ['case_number', 'court_district', 'b_type'] as const) {
    if (blank(fields[field])) problems.push({ field, message: `${NOTICE_FIELD_LABELS[field]} is required.` });
  }
  if (!blank(fields.b_type) && !(BANKRUPTCY_CHAPTERS as readonly string[]).includes(fields.b_type!.trim()))
    problems.push({ field: 'b_type', message: 'Bankruptcy type must be 7 or 13.' });
  if (blank(type)) problems.push({ field: 'type', message: `${NOTICE_FIELD_LABELS.type} is required.` });

  const initialFiling = type === 'BankruptcyNotice::InitialFiling';
  for (const debtor of DEBTORS) {
    const name = fields[debtor.name];
    const ssn = fields[debtor.ssn];
    const digits = ssnFieldDigits(ssn);
    if (digits.length > 0 && digits.length !== 4 && digits.length !== 9) {
      problems.push({
        field: debtor.ssn,
        message: initialFiling
          ? 'SSN must be either 4 digits (with name) or 9 digits (standalone).'
          : NOTICE_MESSAGES.ssnLength,
      });
      continue;
    }
    if (!initialFiling || (blank(name) && digits.length === 0)) continue;
    if (digits.length === 4 && blank(name))
      problems.push({ field: debtor.name, message: `${debtor.label} needs a name when using a 4-digit SSN.` });
    else if (digits.length === 0)
      problems.push({
        field: debtor.ssn,
        message: `${debtor.label} needs either a full 9-digit SSN or a 4-digit SSN with the name.`,
      });
  }
  if (initialFiling && !DEBTORS.some((debtor) => isDebtorComplete(fields[debtor.name], fields[debtor.ssn])))
    problems.push({ field: 'debtors', message: NOTICE_MESSAGES.atLeastOneDebtor });

  const required = NOTICE_REQUIRED_DATE[type as NoticeType];
  if (required && blank(fields[required.field])) problems.push({ field: required.field, message: required.message });
  for (const field of NOTICE_DATE_FIELDS) {
    const value = fields[field];
    if (!blank(value) && !isValidDate(value!.trim()))
      problems.push({ field, message: `${NOTICE_FIELD_LABELS[field]} must be a real date (MM/DD/YYYY).` });
  }
  return problems;
}

// Shown MM/DD/YYYY, sent YYYY-MM-DD.
export function isoToUsDate(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  return match ? `${match[2]}/${match[3]}/${match[1]}` : '';
}
