import {
  ACDV_DISPUTE_CODES,
  CONTROL_NUMBER_MAX_LENGTH,
  CONTROL_NUMBER_PATTERN,
  isUsStateCode,
  isValidDate,
  unvalidatedSsnDigits,
  type AcdvDisputeCode,
} from '@portal/contracts';
import { metro2 } from '@portal/contracts/metro2';

// One record of an ACDV request file (docs/acdv-import.md): its fields and the rule of each, in
// words a staff member understands. acdv-file.ts reads the file (JSON or CSV) into records and
// checks each here.

export type AcdvImage = { contentType: 'application/pdf' | 'image/png' | 'image/jpeg'; content: Buffer };

export type ParsedAcdvRecord = {
  // 1-based position in the file (in a CSV file, among the rows after the header).
  record: number;
  controlNumber: string;
  disputeCode: AcdvDisputeCode;
  // The day the bureau sent the ACDV to us (e-OSCAR's date received by the furnisher).
  receivedOn: string;
  // The bureau's own Response Due Date, which runs from the consumer's dispute; null when not given.
  responseDueOn: string | null;
  consumer: {
    firstName: string | null;
    middleName: string | null;
    lastName: string;
    generationCode: string | null;
    birthday: string | null;
    phoneNumber: string | null;
    street: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
  };
  ssn: string | null;
  account: {
    accountNumber: string;
    accountStatus: string | null;
    paymentRating: string | null;
    currentBalance: number | null;
    amountPastDue: number | null;
    highestCredit: number | null;
    scheduledMonthlyPayment: number | null;
    termsDuration: number | null;
    dateOpened: string | null;
    dateOfLastPayment: string | null;
    dateOfFirstDelinquency: string | null;
    dateClosed: string | null;
    consumerInformationIndicator: string | null;
    complianceConditionCode: string | null;
    paymentHistoryProfile: string | null;
  };
  image: AcdvImage | null;
};

export const ACDV_FILE_FIELDS = [
  'control_number',
  'dispute_code',
  'received_on',
  'response_due_on',
  'first_name',
  'middle_name',
  'last_name',
  'generation_code',
  'ssn',
  'birthday',
  'phone_number',
  'street',
  'city',
  'state',
  'zip',
  'account_number',
  'account_status',
  'payment_rating',
  'current_balance',
  'amount_past_due',
  'highest_credit',
  'scheduled_monthly_payment',
  'terms_duration',
  'date_opened',
  'date_of_last_payment',
  'date_of_first_delinquency',
  'date_closed',
  'consumer_information_indicator',
  'compliance_condition_code',
  'payment_history_profile',
  'image_base64',
  'image_content_type',
] as const;
type AcdvFileField = (typeof ACDV_FILE_FIELDS)[number];

export const ACDV_REQUIRED_FIELDS: readonly AcdvFileField[] = [
  'control_number',
  'dispute_code',
  'received_on',
  'last_name',
  'account_number',
];
export const ACDV_FILE_MAX_RECORDS = 10_000;
export const ACDV_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const KNOWN_FIELDS = new Set<string>(ACDV_FILE_FIELDS);
export const NOT_ACDV = 'This is not a JSON or CSV file of ACDV requests (see docs/acdv-import.md).';
const NAME_MAX = 100;
// Metro 2 money fields are 9 digits of whole dollars; terms duration is 3.
const DOLLARS_MAX = 999_999_999;
const TERMS_MAX = 999;

// Sorted for the messages: an imported JSON object lists keys like '11' before '05' and 'DA'.
const codesOf = (set: Record<string, string>) => Object.keys(set).sort();
const ACCOUNT_STATUSES = codesOf(metro2.account_status);
const PAYMENT_RATINGS = codesOf(metro2.payment_rating);
const HISTORY_CODES = codesOf(metro2.payment_history_profile);
const HISTORY_MONTHS = metro2.payment_history_profile_length_months;
const INFORMATION_INDICATORS = codesOf(metro2.consumer_information_indicator);
const COMPLIANCE_CODES = codesOf(metro2.compliance_condition);
const IMAGE_TYPES: ReadonlyArray<AcdvImage['contentType']> = ['application/pdf', 'image/png', 'image/jpeg'];

// ---- one record ---------------------------------------------------------------------------------

type Refused = { refused: string };
const refuse = (message: string): Refused => ({ refused: message });
const isRefused = (value: unknown): value is Refused =>
  typeof value === 'object' && value !== null && 'refused' in value;

// A value as quoted back in a problem: short, so a pasted image never floods the report.
export const shown = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);

export function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'number') return 'a number';
  return String(value);
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    previous = current;
  }
  return previous[b.length]!;
}

// Typos are the usual reason for an unknown name: suggest the field that was probably meant.
export function unknownName(name: string): string {
  const lower = name.toLowerCase().replace(/[\s-]+/g, '_');
  const guess = ACDV_FILE_FIELDS.find((field) => field === lower || editDistance(field, lower) <= 2);
  return guess ? `'${shown(name)}' (did you mean '${guess}'?)` : `'${shown(name)}'`;
}

function dateRule(name: AcdvFileField, today: string | null) {
  return (value: string): string | Refused => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value))
      return refuse(`${name} '${shown(value)}' is not a date in the form YYYY-MM-DD.`);
    if (!isValidDate(value)) return refuse(`${name} ${value} is not a real date.`);
    if (today !== null && value > today) return refuse(`${name} ${value} is after today (${today}).`);
    return value;
  };
}

const lengthRule = (name: AcdvFileField, max: number) => (value: string) =>
  value.length <= max ? value : refuse(`${name} is longer than ${max} characters.`);

const codeRule = (name: AcdvFileField, what: string, codes: readonly string[]) => (value: string) => {
  const code = value.toUpperCase();
  return codes.includes(code) ? code : refuse(`${name} '${shown(value)}' is not ${what} (${codes.join(', ')}).`);
};

const wholeNumberRule = (name: AcdvFileField, min: number, max: number, what: string) => (value: string) =>
  /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max
    ? Number(value)
    : refuse(`${name} '${shown(value)}' must be ${what} from ${min} to ${max.toLocaleString('en-US')}, digits only.`);

const isDisputeCode = (value: string): value is AcdvDisputeCode =>
  (ACDV_DISPUTE_CODES as readonly string[]).includes(value);

function controlNumberRule(value: string): string | Refused {
  if (value.length > CONTROL_NUMBER_MAX_LENGTH)
    return refuse(`control_number is longer than ${CONTROL_NUMBER_MAX_LENGTH} characters.`);
  if (!CONTROL_NUMBER_PATTERN.test(value))
    return refuse(`control_number '${shown(value)}' may hold only letters, digits and dashes (-).`);
  return value;
}

function phoneRule(value: string): string | Refused {
  const digits = value.replace(/[\s().+-]/g, '');
  const local = /^1\d{10}$/.test(digits) ? digits.slice(1) : digits;
  return /^\d{10}$/.test(local)
    ? local
    : refuse(`phone_number '${shown(value)}' must be a US number of 10 digits, area code first.`);
}

function zipRule(value: string): string | Refused {
  if (/^\d{5}(-\d{4})?$/.test(value)) return value;
  if (/^\d{9}$/.test(value)) return `${value.slice(0, 5)}-${value.slice(5)}`;
  return refuse(`zip '${shown(value)}' must be 5 digits or ZIP+4 (12345 or 12345-6789).`);
}

function historyRule(value: string): string | Refused {
  const profile = value.toUpperCase();
  if (profile.length !== HISTORY_MONTHS)
    return refuse(
      `payment_history_profile must be ${HISTORY_MONTHS} characters, one per month; '${shown(value)}' has ${profile.length}.`,
    );
  const wrong = [...new Set([...profile].filter((code) => !HISTORY_CODES.includes(code)))];
  return wrong.length === 0
    ? profile
    : refuse(
        `payment_history_profile holds ${wrong.map((code) => `'${code}'`).join(', ')}, not a payment history code (${HISTORY_CODES.join(', ')}).`,
      );
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// The type is read from the content, never from what the sender declares. A PDF's header may
// follow a little junk (allowed within the first 1024 bytes, as the PDF uploads accept it).
function imageTypeOf(content: Buffer): AcdvImage['contentType'] | null {
  if (content.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) return 'image/jpeg';
  if (content.subarray(0, 1024).includes('%PDF-')) return 'application/pdf';
  return null;
}

function imageRule(value: string): AcdvImage | Refused {
  if (/^data:/i.test(value)) return refuse("image_base64 must be plain base64, without the 'data:…;base64,' prefix.");
  const base64 = value.replace(/\s+/g, '');
  // Checked by looking for one wrong character, not by matching the whole text with one pattern:
  // a pattern over megabytes of base64 can overflow the regular expression engine's stack.
  const unpadded = base64.replace(/={1,2}$/, '');
  const padding = base64.length - unpadded.length;
  if (
    unpadded === '' ||
    /[^A-Za-z0-9+/]/.test(unpadded) ||
    (padding > 0 ? base64.length % 4 !== 0 : base64.length % 4 === 1)
  )
    return refuse('image_base64 is not valid base64.');
  // Measured before decoding, so an oversized image costs no memory.
  const bytes = Math.floor((base64.length * 3) / 4) - padding;
  if (bytes > ACDV_IMAGE_MAX_BYTES)
    return refuse(`image_base64 is ${(bytes / 1024 / 1024).toFixed(1)} MB once decoded; an image may be at most 5 MB.`);
  const content = Buffer.from(base64, 'base64');
  const contentType = imageTypeOf(content);
  return contentType ? { contentType, content } : refuse('image_base64 is not a PDF, PNG or JPEG file.');
}

function declaredTypeRule(value: string): AcdvImage['contentType'] | Refused {
  const declared = value.toLowerCase() === 'image/jpg' ? 'image/jpeg' : value.toLowerCase();
  const known = IMAGE_TYPES.find((type) => type === declared);
  return known ?? refuse(`image_content_type '${shown(value)}' is not one of ${IMAGE_TYPES.join(', ')}.`);
}

export type Fields = ReadonlyMap<string, unknown>;
// controlNumber: a valid one; shownControlNumber: as written, even a bad one, for the report.
type CheckedRecord = {
  controlNumber: string | null;
  shownControlNumber: string | null;
  errors: string[];
  record: Omit<ParsedAcdvRecord, 'record'> | null;
};

export function checkRecord(fields: Fields, today: string): CheckedRecord {
  const errors: string[] = [];
  for (const name of fields.keys()) if (!KNOWN_FIELDS.has(name)) errors.push(`unknown field ${unknownName(name)}.`);

  // Text is trimmed with its runs of spaces and line breaks made one space; empty means absent.
  // A JSON number is read as the text it writes, unless it is too large to have been read exactly.
  const textOf = (name: AcdvFileField): string | null | Refused => {
    const value = fields.get(name);
    if (value === undefined || value === null) return null;
    if (typeof value === 'number') {
      if (Number.isInteger(value) && !Number.isSafeInteger(value))
        return refuse(`${name} ${value} is a number too long to read exactly; write it in quotes, as text.`);
      return String(value);
    }
    if (typeof value !== 'string') return refuse(`${name} must be text or a number, not ${kindOf(value)}.`);
    const text = value.replace(/\s+/g, ' ').trim();
    return text === '' ? null : text;
  };
  const read = <T>(name: AcdvFileField, rule: (value: string) => T | Refused, required = false): T | null => {
    const text = textOf(name);
    const result = text === null ? null : isRefused(text) ? text : rule(text);
    if (result === null && required) errors.push(`${name} is required.`);
    if (isRefused(result)) errors.push(result.refused);
    return result === null || isRefused(result) ? null : result;
  };
  const name = (field: AcdvFileField, required = false) => read(field, lengthRule(field, NAME_MAX), required);
  const dollars = (field: AcdvFileField) => read(field, wholeNumberRule(field, 0, DOLLARS_MAX, 'whole dollars'));

  const controlNumber = read('control_number', controlNumberRule, true);
  const disputeCode = read(
    'dispute_code',
    (value) =>
      isDisputeCode(value)
        ? value
        : refuse(`dispute_code '${shown(value)}' is not one of ${ACDV_DISPUTE_CODES.join(', ')}.`),
    true,
  );
  const receivedOn = read('received_on', dateRule('received_on', today), true);
  // May be past already (a late ACDV is still due on its date), never before the ACDV was sent.
  const responseDueOn = read('response_due_on', dateRule('response_due_on', null));
  if (receivedOn !== null && responseDueOn !== null && responseDueOn < receivedOn)
    errors.push(`response_due_on ${responseDueOn} is before received_on ${receivedOn}.`);
  const consumer = {
    firstName: name('first_name'),
    middleName: name('middle_name'),
    lastName: name('last_name', true),
    generationCode: read('generation_code', (value) =>
      /^[A-Z0-9]{1,3}$/i.test(value)
        ? value.toUpperCase()
        : refuse(`generation_code '${shown(value)}' must be 1 to 3 letters or digits, such as JR, SR, II, III or IV.`),
    ),
    birthday: read('birthday', dateRule('birthday', today)),
    phoneNumber: read('phone_number', phoneRule),
    street: name('street'),
    city: name('city'),
    state: read('state', (value) =>
      isUsStateCode(value.toUpperCase())
        ? value.toUpperCase()
        : refuse(`state '${shown(value)}' is not the two-letter code of a US state or DC.`),
    ),
    zip: read('zip', zipRule),
  };
  // The SSN is never quoted back: problems are shown on screen and may be logged.
  const ssn = read('ssn', (value) => {
    return unvalidatedSsnDigits(value) ?? refuse('ssn must be 9 digits (dashes and spaces between them are fine).');
  });
  const account = {
    accountNumber: read('account_number', lengthRule('account_number', 30), true),
    accountStatus: read('account_status', codeRule('account_status', 'a Metro 2 account status', ACCOUNT_STATUSES)),
    paymentRating: read('payment_rating', codeRule('payment_rating', 'a Metro 2 payment rating', PAYMENT_RATINGS)),
    currentBalance: dollars('current_balance'),
    amountPastDue: dollars('amount_past_due'),
    highestCredit: dollars('highest_credit'),
    scheduledMonthlyPayment: dollars('scheduled_monthly_payment'),
    termsDuration: read('terms_duration', wholeNumberRule('terms_duration', 1, TERMS_MAX, 'a whole number')),
    dateOpened: read('date_opened', dateRule('date_opened', null)),
    dateOfLastPayment: read('date_of_last_payment', dateRule('date_of_last_payment', null)),
    dateOfFirstDelinquency: read('date_of_first_delinquency', dateRule('date_of_first_delinquency', null)),
    dateClosed: read('date_closed', dateRule('date_closed', null)),
    consumerInformationIndicator: read(
      'consumer_information_indicator',
      codeRule('consumer_information_indicator', 'a Metro 2 consumer information indicator', INFORMATION_INDICATORS),
    ),
    complianceConditionCode: read(
      'compliance_condition_code',
      codeRule('compliance_condition_code', 'a Metro 2 compliance condition code', COMPLIANCE_CODES),
    ),
    paymentHistoryProfile: read('payment_history_profile', historyRule),
  };
  const imageGiven = textOf('image_base64') !== null;
  const image = read('image_base64', imageRule);
  const declared = read('image_content_type', declaredTypeRule);
  if (declared !== null && !imageGiven) errors.push('image_content_type is given, but image_base64 is empty.');
  if (declared !== null && image !== null && declared !== image.contentType)
    errors.push(`image_content_type says ${declared}, but the image is ${image.contentType}.`);

  // The control number as written, even a bad one, so staff can find the record in the file.
  const given = fields.get('control_number');
  const shownControlNumber =
    typeof given === 'string' || typeof given === 'number' ? String(given).trim().slice(0, 64) || null : null;
  if (
    errors.length > 0 ||
    controlNumber === null ||
    disputeCode === null ||
    receivedOn === null ||
    consumer.lastName === null ||
    account.accountNumber === null
  )
    return { controlNumber, shownControlNumber: controlNumber ?? shownControlNumber, errors, record: null };
  return {
    controlNumber,
    shownControlNumber: controlNumber,
    errors,
    record: {
      controlNumber,
      disputeCode,
      receivedOn,
      responseDueOn,
      consumer: { ...consumer, lastName: consumer.lastName },
      ssn,
      account: { ...account, accountNumber: account.accountNumber },
      image,
    },
  };
}
