import { verbatimMessage } from '../errors.ts';
import { addDays } from './dates.ts';
import { isValidDate } from './user-fields.ts';
import { isUsStateCode } from '../reference/us-states.ts';
import { optionLabel, optionValues } from './option-lists.ts';

// The dispute form, its response types and the dispute user search (spec 001 sections 3 and 5):
// one set of rules for the screen (warnings as staff type) and the server (the same refusal).

export const DISPUTE_TYPES = [
  { value: 'Dispute::DebtValidation', label: 'Debt Validation' },
  { value: 'Dispute::IdentityTheft', label: 'Identity Theft' },
  { value: 'Dispute::GoodwillRequest', label: 'Goodwill Request' },
  { value: 'Dispute::Other', label: 'Other' },
] as const;
export type DisputeType = (typeof DISPUTE_TYPES)[number]['value'];
export const DISPUTE_TYPE_VALUES = optionValues(DISPUTE_TYPES, 'value');

export function disputeTypeLabel(value: string | null | undefined): string {
  return optionLabel(DISPUTE_TYPES, value, 'Not specified');
}

// Stored as resolved/unresolved and a lease; 'assigned' while someone holds a live lease.
// 'processing' is part of the wire vocabulary; no server step produces it yet (decision 029).
export const DISPUTE_STATUSES = ['unresolved', 'assigned', 'processing', 'resolved'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

// The fields of the Details tab, as the form holds them (text, as typed).
export type DisputeFormValues = {
  user_id: string;
  loan_id: string;
  first_name: string;
  last_name: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  type: string;
  sent_by_third_party: boolean | null;
  contains_valid_3pa: boolean | null;
};
export type DisputeFormField = keyof DisputeFormValues;

export const DISPUTE_FIELD_LABELS: Record<DisputeFormField, string> = {
  user_id: 'User ID',
  loan_id: 'Loan ID',
  first_name: 'First Name',
  last_name: 'Last Name',
  street: 'Street',
  city: 'City',
  state: 'State',
  zip: 'ZIP',
  type: 'Dispute Type',
  sent_by_third_party: 'Sent by a third party?',
  contains_valid_3pa: 'Contains a valid 3PA or POA?',
};

export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;
export const ZIP_PLACEHOLDER = 'XXXXX or XXXXX-XXXX';
const ID_PATTERN = /^\d{1,15}$/;

export const DISPUTE_MESSAGES = {
  correctBeforeSaving: verbatimMessage('Please correct invalid fields before saving'),
  selectResponseType: verbatimMessage('Please select a response type'),
  updated: verbatimMessage('Dispute information updated successfully'),
  resolved: verbatimMessage('Dispute resolved successfully'),
  heldByOther: verbatimMessage('This dispute is already assigned to another employee and is not editable by you'),
  noneLeft: 'No unresolved disputes found.',
  inactivity: verbatimMessage('Dispute was automatically unassigned due to inactivity'),
  userApplied: verbatimMessage('User information applied to dispute'),
  searchCriteria: verbatimMessage('Please provide either a primary identifier or at least 2 secondary search fields'),
  correctBeforeSearching: verbatimMessage('Please correct invalid fields before searching'),
  noUsersFound: verbatimMessage('No users found matching your search criteria'),
  noUsersHint: verbatimMessage('Try adjusting your search terms or using fewer filters'),
} as const;

// Why a field's value cannot be saved, or nothing. Empty fields are fine until a response type needs them.
export function disputeFieldProblems(values: Partial<DisputeFormValues>): Partial<Record<DisputeFormField, string>> {
  const problems: Partial<Record<DisputeFormField, string>> = {};
  const text = (field: DisputeFormField) => String(values[field] ?? '').trim();
  if (text('zip') !== '' && !ZIP_PATTERN.test(text('zip')))
    problems.zip = 'ZIP must be 5 digits or 5-4 (XXXXX or XXXXX-XXXX).';
  if (text('state') !== '' && !isUsStateCode(text('state'))) problems.state = 'Choose a state from the list.';
  if (text('user_id') !== '' && !ID_PATTERN.test(text('user_id'))) problems.user_id = 'A user ID is a number.';
  if (text('loan_id') !== '' && !ID_PATTERN.test(text('loan_id'))) problems.loan_id = 'A loan ID is a number.';
  if (text('type') !== '' && !DISPUTE_TYPE_VALUES.includes(text('type') as DisputeType))
    problems.type = 'Choose a dispute type from the list.';
  return problems;
}

const ADDRESS_AND_NAMES = ['first_name', 'last_name', 'street', 'city', 'state', 'zip'] as const;
const WHOLE_RECORD = ['user_id', 'loan_id', ...ADDRESS_AND_NAMES, 'type'] as const;
const AUTHORIZATION = ['user_id', 'first_name', 'last_name', 'type'] as const;

export const DISPUTE_RESPONSE_TYPES = [
  { key: 'validation', label: 'Validation', apiValue: 'DisputeResponse::Validation', required: WHOLE_RECORD },
  { key: 'identity', label: 'Identity Theft', apiValue: 'DisputeResponse::IdentityTheft', required: WHOLE_RECORD },
  { key: 'cannot_delete', label: 'Cannot Delete', apiValue: 'DisputeResponse::CannotDelete', required: WHOLE_RECORD },
  {
    key: 'not_found',
    label: 'Not Found',
    apiValue: 'DisputeResponse::NotFound',
    required: [...ADDRESS_AND_NAMES, 'type'],
  },
  { key: '3pa', label: '3PA', apiValue: 'DisputeResponse::ThirdPartyAuthorization', required: AUTHORIZATION },
  { key: 'poa', label: 'POA', apiValue: 'DisputeResponse::PowerOfAttorney', required: AUTHORIZATION },
  { key: 'no_response', label: 'No Response', apiValue: 'DisputeResponse::NoResponse', required: [] },
] as const satisfies readonly {
  key: string;
  label: string;
  apiValue: string;
  required: readonly DisputeFormField[];
}[];
export type DisputeResponseType = (typeof DISPUTE_RESPONSE_TYPES)[number];
export type DisputeResponseApiValue = DisputeResponseType['apiValue'];
export const DISPUTE_RESPONSE_API_VALUES = optionValues(DISPUTE_RESPONSE_TYPES, 'apiValue');
// Responses that tell the credit bureaus the account is not the consumer's: the loan goes to the
// credit-reporting team.
export const CREDIT_REPORTING_RESPONSES: readonly DisputeResponseApiValue[] = ['DisputeResponse::IdentityTheft'];

export function findResponseType(apiValue: string | null | undefined): DisputeResponseType | undefined {
  return DISPUTE_RESPONSE_TYPES.find((type) => type.apiValue === apiValue);
}

// What the resolution says beside the response type (decision 049): the consumer still disagrees
// after the investigation (the loan is reported XC), or it was resolved in the consumer's favour
// (the corrected loan goes to the credit bureaus in the next Metro 2 correction file).
export type DisputeOutcome = { consumer_disagrees?: boolean | undefined; in_consumers_favour?: boolean | undefined };

export const DISPUTE_OUTCOME_LABELS = {
  consumer_disagrees: 'The consumer still disagrees',
  in_consumers_favour: "Resolved in the consumer's favour",
} as const;

// Why an outcome cannot go with the dispute as it stands, by outcome: both speak of what is reported
// of a loan, so both need the loan (Details tab or User Search). The screen shows them as typed.
export function disputeOutcomeProblems(
  values: Partial<DisputeFormValues>,
  outcome: DisputeOutcome,
): Partial<Record<keyof DisputeOutcome, string>> {
  const problems: Partial<Record<keyof DisputeOutcome, string>> = {};
  if (String(values.loan_id ?? '').trim() !== '') return problems;
  if (outcome.in_consumers_favour)
    problems.in_consumers_favour =
      "A resolution in the consumer's favour needs a Loan ID: the corrected loan is sent to the credit bureaus.";
  if (outcome.consumer_disagrees)
    problems.consumer_disagrees =
      'A consumer who still disagrees needs a Loan ID: the loan is reported as disputed (XC).';
  return problems;
}

// Why the dispute cannot be resolved with this response: no response type, or the fields it needs
// that are empty (one sentence naming them), or an outcome that needs a loan without one; or nothing.
export function resolveProblems(
  apiValue: string | null | undefined,
  values: Partial<DisputeFormValues>,
  outcome: DisputeOutcome = {},
): string[] {
  const response = findResponseType(apiValue);
  if (!response) return [DISPUTE_MESSAGES.selectResponseType];
  const problems: string[] = [];
  const missing = response.required.filter((field) => String(values[field] ?? '').trim() === '');
  if (missing.length > 0) {
    const names = missing.map((field) => DISPUTE_FIELD_LABELS[field]);
    const article = /^[AEIOU]/.test(response.label) ? 'An' : 'A';
    problems.push(`${article} ${response.label} response needs ${names.join(', ')}.`);
  }
  const outcomeProblems = disputeOutcomeProblems(values, outcome);
  for (const key of ['in_consumers_favour', 'consumer_disagrees'] as const) {
    const problem = outcomeProblems[key];
    if (problem) problems.push(problem);
  }
  return problems;
}

// The dispute user search: one unique identifier, or at least two of the others.
export const USER_SEARCH_PRIMARY_FIELDS = ['user_id', 'loan_id', 'ssn'] as const;
export const USER_SEARCH_SECONDARY_FIELDS = [
  'first_name',
  'last_name',
  'dob',
  'ssn_last_four',
  'phone_number',
  'email',
  'street',
  'city',
  'state',
  'zip',
] as const;
export type UserSearchField =
  | (typeof USER_SEARCH_PRIMARY_FIELDS)[number]
  | (typeof USER_SEARCH_SECONDARY_FIELDS)[number];
export type UserSearchValues = Partial<Record<UserSearchField, string>>;

export const USER_SEARCH_LABELS: Record<UserSearchField, string> = {
  user_id: 'User ID',
  loan_id: 'Loan ID',
  ssn: 'Full SSN',
  first_name: 'First Name',
  last_name: 'Last Name',
  dob: 'Date of Birth',
  ssn_last_four: 'Last 4 of SSN',
  phone_number: 'Phone',
  email: 'Email',
  street: 'Street',
  city: 'City',
  state: 'State',
  zip: 'ZIP',
};

export const USER_SEARCH_PLACEHOLDERS: Partial<Record<UserSearchField, string>> = {
  ssn: 'XXX-XX-XXXX',
  ssn_last_four: 'XXXX',
  dob: 'MM/DD/YYYY',
  phone_number: '(XXX) XXX-XXXX',
  zip: ZIP_PLACEHOLDER,
};

// MM/DD/YYYY, a real day -> YYYY-MM-DD; null otherwise.
export function usDateToIso(text: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const iso = `${match[3]}-${match[1]}-${match[2]}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

const USER_SEARCH_FORMATS: Partial<Record<UserSearchField, { test: (text: string) => boolean; message: string }>> = {
  user_id: { test: (text) => ID_PATTERN.test(text), message: 'A user ID is a number.' },
  loan_id: { test: (text) => ID_PATTERN.test(text), message: 'A loan ID is a number.' },
  ssn: { test: (text) => /^\d{3}-?\d{2}-?\d{4}$/.test(text), message: 'SSN must be XXX-XX-XXXX.' },
  ssn_last_four: { test: (text) => /^\d{4}$/.test(text), message: 'Last 4 of SSN must be 4 digits.' },
  dob: { test: (text) => usDateToIso(text) !== null, message: 'Date of birth must be MM/DD/YYYY.' },
  phone_number: {
    test: (text) => /^(\(\d{3}\) \d{3}-\d{4}|\d{10})$/.test(text),
    message: 'Phone must be (XXX) XXX-XXXX.',
  },
  zip: { test: (text) => ZIP_PATTERN.test(text), message: 'ZIP must be 5 digits or 5-4 (XXXXX or XXXXX-XXXX).' },
  state: { test: (text) => isUsStateCode(text), message: 'Choose a state from the list.' },
  email: { test: (text) => /^[^\s@]+@[^\s@]+$/.test(text), message: 'Email must look like name@example.com.' },
};

export function userSearchFieldProblems(values: UserSearchValues): Partial<Record<UserSearchField, string>> {
  const problems: Partial<Record<UserSearchField, string>> = {};
  for (const [field, format] of Object.entries(USER_SEARCH_FORMATS) as [
    UserSearchField,
    { test: (text: string) => boolean; message: string },
  ][]) {
    const text = (values[field] ?? '').trim();
    if (text !== '' && !format.test(text)) problems[field] = format.message;
  }
  return problems;
}

// 'primary' or 'secondary', or null when the criteria are not enough to search.
export function userSearchType(values: UserSearchValues): 'primary' | 'secondary' | null {
  const filled = (field: UserSearchField) => (values[field] ?? '').trim() !== '';
  if (USER_SEARCH_PRIMARY_FIELDS.some(filled)) return 'primary';
  return USER_SEARCH_SECONDARY_FIELDS.filter(filled).length >= 2 ? 'secondary' : null;
}

// The one sentence that stops a search, or null when it may run.
export function userSearchProblem(values: UserSearchValues): string | null {
  if (Object.keys(userSearchFieldProblems(values)).length > 0) return DISPUTE_MESSAGES.correctBeforeSearching;
  if (userSearchType(values) === null) return DISPUTE_MESSAGES.searchCriteria;
  return null;
}

// The day a dispute letter reached us (12 CFR 1022.43(e)(3): the 30 days run from it), given by
// staff when they upload it, the upload's business date otherwise. Not in the future, and not more
// than a year back: a letter that old is a mistyped year.
export const LETTER_RECEIVED_MAX_DAYS_BACK = 365;

export function letterReceivedOnProblem(value: string, today: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !isValidDate(value))
    return 'The date the letters were received must be a real date (YYYY-MM-DD).';
  if (value > today) return 'The date the letters were received cannot be in the future.';
  if (value < addDays(today, -LETTER_RECEIVED_MAX_DAYS_BACK))
    return 'The date the letters were received cannot be more than a year ago. Check the year.';
  return null;
}
