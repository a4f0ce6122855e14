import { daysInMonth } from '@portal/contracts';
import { metro2 } from '@portal/contracts/metro2';
import {
  BASE_SEGMENT_LAYOUT,
  HEADER_IDENTIFIER,
  HEADER_RECORD_LAYOUT,
  METRO2_RECORD_LENGTH,
  RECORD_DESCRIPTOR_WORD,
  STATUSES_NEEDING_PAYMENT_RATING,
  TRAILER_IDENTIFIER,
  TRAILER_RECORD_LAYOUT,
  TRAILER_STATUS_CODES,
  UNCOUNTED_SSNS,
  type Metro2Field,
} from './metro2-layout.ts';
import type { ConsumerDispute } from './compliance-condition.ts';

// Reads a Metro 2 file (426-character format) back and says what is wrong with it, record by record and field by
// field. It shares only the layout table with the writer (metro2-file.ts), so a writer bug shows up here instead of
// being repeated: the tests check the writer's output with it, and the server checks a file with it before keeping it.
// The codes are checked against the project's Metro 2 reference data (packages/contracts reference/metro2-codes.json).
// Given what the Portal knows of each account (its consumer disputes), it also checks each record's compliance
// condition code against them, from the dispute dates directly rather than through the rule that wrote it.

export type Metro2FileCheck = {
  errors: string[];
  header: Record<string, string> | null;
  // Base segments, each field's raw text by the layout's field name (untrimmed).
  records: Array<Record<string, string>>;
  trailer: Record<string, string> | null;
};

const codes = (values: Record<string, string>) => new Set(Object.keys(values));
const ACCOUNT_STATUSES = codes(metro2.account_status);
const PAYMENT_RATINGS = codes(metro2.payment_rating);
const HISTORY_CODES = codes(metro2.payment_history_profile);
const COMPLIANCE_CODES = codes(metro2.compliance_condition);
const INFORMATION_INDICATORS = codes(metro2.consumer_information_indicator);
const ECOA_CODES = codes(metro2.ecoa);
const PORTFOLIO_TYPES = codes(metro2.portfolio_type);
const TERMS_FREQUENCIES = codes(metro2.terms_frequency);

const complianceCode = (meaning: string) => {
  const found = Object.entries(metro2.compliance_condition).find(([, candidate]) => candidate === meaning);
  if (!found) throw new Error(`metro2-codes.json has no compliance condition '${meaning}'.`);
  return found[0];
};
const XB = complianceCode('Account information disputed by consumer under the FCRA');
const XC = complianceCode('Completed investigation of FCRA dispute; consumer disagrees');
const XH = complianceCode('Account previously in dispute; investigation completed, reported by data furnisher');
// The Fair Credit Billing Act's codes (XF, XG, XJ) belong to open-end credit (15 U.S.C. 1666): a line of credit,
// an open or a revolving account, never an installment loan or a mortgage.
const FCBA_CODES = new Set(
  Object.entries(metro2.compliance_condition)
    .filter(([, meaning]) => /FCBA|Fair Credit Billing Act/.test(meaning))
    .map(([code]) => code),
);
const OPEN_END_PORTFOLIOS = new Set(
  Object.entries(metro2.portfolio_type)
    .filter(([, meaning]) => ['Line of credit', 'Open', 'Revolving'].includes(meaning))
    .map(([code]) => code),
);

// What the Portal knows of the accounts a file reports, by consumer account number: their consumer disputes
// (letters and ACDVs), whose dates decide the compliance condition code (decision 049).
export type Metro2AccountFacts = ReadonlyMap<string, { disputes: readonly ConsumerDispute[] }>;

const NOT_PRINTABLE = /[^\x20-\x7e]/;
// Fields whose text is never repeated in an error message: errors end up in logs.
const PRIVATE_FIELDS = new Set(['socialSecurityNumber', 'dateBirth', 'telephoneNumber']);
const shown = (field: Metro2Field, value: string) => (PRIVATE_FIELDS.has(field.name) ? 'the value' : `'${value}'`);
const DIGITS = /^\d+$/;

type Fields = Record<string, string>;

// A field's text; a name the layout does not have reads as ''.
const read = (fields: Fields, name: string) => fields[name] ?? '';

function readFields(layout: readonly Metro2Field[], line: string): Fields {
  const fields: Record<string, string> = {};
  for (const field of layout) fields[field.name] = line.slice(field.start - 1, field.start - 1 + field.length);
  return fields;
}

// MMDDYYYY (and HHMMSS after it for a timestamp) naming a real day and time.
function isMetro2DateTime(text: string): boolean {
  if (!DIGITS.test(text)) return false;
  const [month, day, year] = [Number(text.slice(0, 2)), Number(text.slice(2, 4)), Number(text.slice(4, 8))];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return false;
  if (text.length === 8) return true;
  const [hour, minute, second] = [Number(text.slice(8, 10)), Number(text.slice(10, 12)), Number(text.slice(12, 14))];
  return hour < 24 && minute < 60 && second < 60;
}

// The problem with one field by its type and the layout's required mark, or null.
function typeProblem(field: Metro2Field, value: string): string | null {
  const zero = /^0+$/.test(value);
  switch (field.type) {
    case 'numeric':
      return DIGITS.test(value) ? null : `${shown(field, value)} is not all digits`;
    case 'date':
    case 'timestamp':
      if (zero) return field.usage === 'required' ? 'is required but zero-filled' : null;
      return isMetro2DateTime(value)
        ? null
        : `${shown(field, value)} is not a valid ${field.type === 'date' ? 'MMDDYYYY date' : 'MMDDYYYYHHMMSS timestamp'} or zeros`;
    case 'alphanumeric':
      return field.usage === 'required' && value.trim() === '' ? 'is required but blank' : null;
  }
}

// The value-set checks of a base segment's codes, by field name.
function codeProblems(fields: Fields): Array<[string, string]> {
  const problems: Array<[string, string]> = [];
  const inSet = (name: string, set: Set<string>, what: string, blankAllowed: boolean) => {
    const value = read(fields, name).trim();
    if (value === '' ? !blankAllowed : !set.has(value)) problems.push([name, `'${read(fields, name)}' is not ${what}`]);
  };
  inSet('accountStatus', ACCOUNT_STATUSES, 'a Metro 2 account status', false);
  inSet('paymentRating', PAYMENT_RATINGS, 'a Metro 2 payment rating', true);
  inSet('complianceConditionCode', COMPLIANCE_CODES, 'a Metro 2 compliance condition code', true);
  inSet('consumerInformationIndicator', INFORMATION_INDICATORS, 'a Metro 2 consumer information indicator', true);
  inSet('ecoaCode', ECOA_CODES, 'a Metro 2 ECOA code', false);
  inSet('portfolioType', PORTFOLIO_TYPES, 'a Metro 2 portfolio type', false);
  inSet('termsFrequency', TERMS_FREQUENCIES, 'a Metro 2 terms frequency', true);
  const profile = read(fields, 'paymentHistoryProfile');
  const badMonth = [...profile].findIndex((code) => !HISTORY_CODES.has(code));
  if (badMonth >= 0)
    problems.push([
      'paymentHistoryProfile',
      `month ${badMonth + 1} '${profile[badMonth]}' is not a payment history code`,
    ]);
  const status = read(fields, 'accountStatus');
  if (STATUSES_NEEDING_PAYMENT_RATING.includes(status) && read(fields, 'paymentRating').trim() === '')
    problems.push(['paymentRating', `is required with account status ${status}`]);
  const compliance = read(fields, 'complianceConditionCode').trim();
  const portfolio = read(fields, 'portfolioType').trim();
  if (FCBA_CODES.has(compliance) && PORTFOLIO_TYPES.has(portfolio) && !OPEN_END_PORTFOLIOS.has(portfolio))
    problems.push([
      'complianceConditionCode',
      `'${compliance}' is a Fair Credit Billing Act code, for open-end credit only, not portfolio type ${portfolio}`,
    ]);
  return problems;
}

// MMDDYYYY -> YYYY-MM-DD, or null when it is no date (already reported by the type check).
function isoDate(text: string): string | null {
  return isMetro2DateTime(text) && text.length === 8
    ? `${text.slice(4, 8)}-${text.slice(0, 2)}-${text.slice(2, 4)}`
    : null;
}

// The compliance condition code against the account's disputes on the record's date of account information:
// XB exactly while one is open (FCRA 623(a)(3)); XC only after an investigation the consumer disagreed with; XH only
// after one completed; no code the Portal never reports.
function complianceProblem(fields: Fields, disputes: readonly ConsumerDispute[]): string | null {
  const date = isoDate(read(fields, 'dateAccountInformation'));
  if (date === null) return null;
  const code = read(fields, 'complianceConditionCode').trim();
  const loan = `loan ${read(fields, 'consumerAccountNumber').trim()}`;
  const open = disputes.find((dispute) => dispute.from <= date && (dispute.to === null || dispute.to > date));
  const completed = disputes.filter((dispute) => dispute.from <= date && dispute.to !== null && dispute.to <= date);
  if (open && code !== XB)
    return `${code === '' ? 'is blank' : `'${code}'`}, but ${open.label} of ${loan} is open on ${date}: a disputed account is reported ${XB} (FCRA 623(a)(3))`;
  if (!open && code === XB) return `'${XB}', but ${loan} has no dispute or ACDV open on ${date}`;
  if (code === XC && !completed.some((dispute) => dispute.consumerDisagrees))
    return `'${XC}', but no investigation of ${loan} completed with the consumer disagreeing by ${date}`;
  if (code === XH && completed.length === 0) return `'${XH}', but no dispute of ${loan} was investigated by ${date}`;
  // A code outside the value set is already reported by codeProblems.
  if (COMPLIANCE_CODES.has(code) && ![XB, XC, XH].includes(code))
    return `'${code}' is not a code the Portal reports (only ${XB}, ${XC} and ${XH}, from the loan's disputes)`;
  return null;
}

// What the trailer must say of these base segments: field name -> count; every other count is zero, as no J1, J2,
// K1-K4, L1 or N1 segment is read.
function expectedCounts(records: readonly Fields[]): Map<string, number> {
  const counts = new Map<string, number>([['totalBaseRecords', records.length]]);
  const add = (name: string) => counts.set(name, (counts.get(name) ?? 0) + 1);
  // moov-io counts the header, the base segments and the trailer as blocks (file_instance.go generatorTrailer).
  counts.set('blockCount', records.length + 2);
  for (const record of records) {
    const status = read(record, 'accountStatus');
    const ssn = read(record, 'socialSecurityNumber');
    const present = (name: string) => DIGITS.test(read(record, name)) && Number(read(record, name)) > 0;
    if (TRAILER_STATUS_CODES.includes(status)) add(`totalStatusCode${status}`);
    if (read(record, 'ecoaCode') === 'Z') add('totalECOACodeZ');
    if (DIGITS.test(ssn) && !UNCOUNTED_SSNS.includes(ssn)) {
      add('totalSocialNumbersAllSegments');
      add('totalSocialNumbersBaseSegments');
    }
    if (present('dateBirth')) {
      add('totalDatesBirthAllSegments');
      add('totalDatesBirthBaseSegments');
    }
    if (present('telephoneNumber')) add('totalTelephoneNumbersAllSegments');
  }
  return counts;
}

type Kind = 'header' | 'base' | 'trailer';

export function validateMetro2File(text: string, accounts?: Metro2AccountFacts): Metro2FileCheck {
  const errors: string[] = [];
  const result: Metro2FileCheck = { errors, header: null, records: [], trailer: null };
  if (text === '') {
    errors.push('The file is empty: it needs a HEADER record, base segments and a TRAILER record.');
    return result;
  }
  if (!text.endsWith('\n')) errors.push('The file does not end with a newline: every record ends with one.');
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  if (lines.length < 2) errors.push('The file needs at least a HEADER record and a TRAILER record.');

  let baseCount = 0;
  let everyBaseRead = true;
  lines.forEach((line, index) => {
    const number = index + 1;
    const kind: Kind = index === 0 ? 'header' : index === lines.length - 1 && lines.length > 1 ? 'trailer' : 'base';
    if (kind === 'base') baseCount += 1;
    const label = kind === 'base' ? `Record ${number} (base segment ${baseCount})` : `Record ${number} (${kind})`;
    if (line.length !== METRO2_RECORD_LENGTH) {
      errors.push(`${label}: ${line.length} characters, not ${METRO2_RECORD_LENGTH}.`);
      if (kind === 'base') everyBaseRead = false;
      return;
    }
    const unprintable = NOT_PRINTABLE.exec(line);
    if (unprintable) errors.push(`${label}: position ${unprintable.index + 1} is not printable ASCII.`);

    const layout: readonly Metro2Field[] =
      kind === 'header' ? HEADER_RECORD_LAYOUT : kind === 'trailer' ? TRAILER_RECORD_LAYOUT : BASE_SEGMENT_LAYOUT;
    const fields = readFields(layout, line);
    const fieldError = (name: string, problem: string) => {
      const field = layout.find((candidate) => candidate.name === name);
      const where = field ? ` (positions ${field.start}-${field.start + field.length - 1})` : '';
      errors.push(`${label}, ${name}${where}: ${problem}.`);
    };

    const descriptor = read(fields, 'recordDescriptorWord');
    const identifier = read(fields, 'recordIdentifier');
    if (descriptor !== RECORD_DESCRIPTOR_WORD)
      fieldError('recordDescriptorWord', `'${descriptor}', not ${RECORD_DESCRIPTOR_WORD}`);
    if (kind === 'header' && identifier !== HEADER_IDENTIFIER)
      fieldError('recordIdentifier', `'${identifier}': the first record must be the ${HEADER_IDENTIFIER}`);
    if (kind === 'trailer' && identifier !== TRAILER_IDENTIFIER)
      fieldError('recordIdentifier', `'${identifier}': the last record must be the ${TRAILER_IDENTIFIER}`);
    if (kind === 'base' && (line.startsWith(HEADER_IDENTIFIER, 4) || line.startsWith(TRAILER_IDENTIFIER, 4)))
      errors.push(`${label}: a ${line.slice(4, 11).trim()} record between the header and the trailer.`);

    for (const field of layout) {
      // The trailer's identifier and the header's are checked above; the rest by type.
      if (field.name === 'recordIdentifier') continue;
      const problem = typeProblem(field, read(fields, field.name));
      if (problem) fieldError(field.name, problem);
    }

    if (kind === 'header') result.header = fields;
    else if (kind === 'trailer') result.trailer = fields;
    else {
      for (const [name, problem] of codeProblems(fields)) fieldError(name, problem);
      const known = accounts?.get(read(fields, 'consumerAccountNumber').trim());
      const compliance = known ? complianceProblem(fields, known.disputes) : null;
      if (compliance) fieldError('complianceConditionCode', compliance);
      result.records.push(fields);
    }
  });

  // Counts are only compared when every base segment could be read: otherwise they would only repeat that error.
  const trailer = result.trailer;
  if (trailer && everyBaseRead) {
    const expected = expectedCounts(result.records);
    for (const field of TRAILER_RECORD_LAYOUT) {
      if (field.type !== 'numeric' || field.name === 'recordDescriptorWord') continue;
      const written = read(trailer, field.name);
      const want = expected.get(field.name) ?? 0;
      if (DIGITS.test(written) && Number(written) !== want)
        errors.push(
          `Record ${lines.length} (trailer), ${field.name} (positions ${field.start}-${field.start + field.length - 1}): says ${Number(written)}, the base segments give ${want}.`,
        );
    }
  }
  return result;
}
