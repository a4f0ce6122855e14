import { daysInMonth } from '@portal/contracts';
import {
  BASE_SEGMENT_LAYOUT,
  HEADER_IDENTIFIER,
  HEADER_RECORD_LAYOUT,
  METRO2_RECORD_LENGTH,
  RECORD_DESCRIPTOR_WORD,
  TRAILER_IDENTIFIER,
  TRAILER_RECORD_LAYOUT,
  TRAILER_STATUS_CODES,
  UNCOUNTED_SSNS,
  type Metro2Field,
  type TrailerFieldName,
} from './metro2-layout.ts';

// Writes a Metro 2 file in the 426-character format: one Header record, one Base segment per account, one Trailer
// record whose counts are taken from the base segments as written. Positions, lengths and fills come from
// metro2-layout.ts only. Every record is exactly 426 characters and ends with '\n': moov-io reads records by length
// and skips line breaks (pkg/file/file.go scanRecord) and writes them newline-terminated (String(newline)).

export type Metro2Header = {
  // The furnisher's id at the bureaus; Metro 2 carries it in every base segment (field 5), not in the header.
  identificationNumber: string;
  equifaxProgramIdentifier?: string;
  experianProgramIdentifier?: string;
  transUnionProgramIdentifier?: string;
  innovisProgramIdentifier?: string;
  // YYYY-MM-DD
  activityDate: string;
  dateCreated: string;
  programDate: string;
  programRevisionDate: string;
  reporterName: string;
  reporterAddress: string;
  // 10 digits
  reporterTelephoneNumber: string;
  softwareVendorName: string;
  softwareVersionNumber: string;
};

export type Metro2BaseRecord = {
  cycleIdentifier?: string;
  consumerAccountNumber: string;
  portfolioType: string;
  accountType: string;
  // YYYY-MM-DD
  dateOpened: string;
  // Whole dollars: the caller rounds.
  creditLimitDollars: number;
  highestCreditDollars: number;
  termsDuration: string;
  termsFrequency: string;
  scheduledMonthlyPaymentDollars: number;
  actualPaymentAmountDollars: number;
  accountStatus: string;
  paymentRating: string | null;
  // 24 characters, the latest month first.
  paymentHistoryProfile: string;
  specialComment: string | null;
  complianceConditionCode: string | null;
  currentBalanceDollars: number;
  amountPastDueDollars: number;
  originalChargeOffAmountDollars: number;
  dateOfAccountInformation: string;
  dateOfFirstDelinquency: string | null;
  dateClosed: string | null;
  dateOfLastPayment: string | null;
  interestTypeIndicator: string;
  surname: string;
  firstName: string;
  middleName: string | null;
  generationCode: string | null;
  // 9 digits
  socialSecurityNumber: string | null;
  dateOfBirth: string | null;
  // 10 digits
  telephoneNumber: string | null;
  ecoaCode: string;
  consumerInformationIndicator: string | null;
  // 'US'
  countryCode: string;
  firstLineOfAddress: string;
  secondLineOfAddress: string | null;
  city: string;
  state: string;
  // 5 or 9 digits
  postalZipCode: string;
  addressIndicator: string | null;
  residenceCode: string | null;
};

// A field's value before padding: text, a digit string, an MMDDYYYY date; null is the layout's fill (blanks for
// alphanumeric fields, zeros for numbers and dates).
type Values<Name extends string> = Record<Name, string | null>;

type CompiledField<Name extends string> = {
  name: Name;
  length: number;
  type: Metro2Field['type'];
  fill: string;
};

// The writer lays fields end to end, so it checks once that the layout does too: each field starting where the one
// before ends, 426 positions in all.
function compile<const Layout extends readonly Metro2Field[]>(layout: Layout) {
  let next = 1;
  for (const field of layout) {
    if (field.start !== next) throw new Error(`Metro 2 layout: ${field.name} starts at ${field.start}, not ${next}.`);
    next += field.length;
  }
  if (next !== METRO2_RECORD_LENGTH + 1) throw new Error(`Metro 2 layout: ${next - 1} positions, not 426.`);
  return layout.map((field): CompiledField<Layout[number]['name']> => ({
    name: field.name,
    length: field.length,
    type: field.type,
    fill: (field.type === 'alphanumeric' ? ' ' : '0').repeat(field.length),
  }));
}

const HEADER = compile(HEADER_RECORD_LAYOUT);
const BASE = compile(BASE_SEGMENT_LAYOUT);
const TRAILER = compile(TRAILER_RECORD_LAYOUT);

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

// Upper case, accents dropped (NFKD, then the combining marks removed), line breaks and tabs as spaces, and whatever
// is still outside printable ASCII removed: the bureaus read these fields as plain upper-case ASCII.
function metro2Text(value: string): string {
  if (PRINTABLE_ASCII.test(value)) return value.toUpperCase();
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/\s/gu, ' ')
    .toUpperCase()
    .replace(/[^\x20-\x7e]/g, '');
}

function formatField<Name extends string>(field: CompiledField<Name>, value: string | null, where: string): string {
  if (value === null || value === '') return field.fill;
  if (field.type === 'alphanumeric') return metro2Text(value).slice(0, field.length).padEnd(field.length);
  // Numbers, dates and timestamps arrive as digit strings; one too long is a bug, never silently cut.
  if (value.length > field.length)
    throw new Error(`${where}: ${field.name} '${value}' does not fit its ${field.length} positions.`);
  return value.padStart(field.length, '0');
}

function formatFields<Name extends string>(
  layout: readonly CompiledField<Name>[],
  values: Values<Name>,
  where: string,
): string[] {
  return layout.map((field) => formatField(field, values[field.name], where));
}

// YYYY-MM-DD to MMDDYYYY, checked; null stays null (zero-filled, as moov-io writes a missing date). A date of birth
// is not repeated in the error: errors end up in logs.
function metro2Date(value: string | null, name: string, where: string): string | null {
  if (value === null) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  const valid = match && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
  const shown = name === 'dateOfBirth' ? '' : `, not '${value}'`;
  if (!match || !valid) throw new Error(`${where}: ${name} must be a date as YYYY-MM-DD${shown}.`);
  return `${match[2]}${match[3]}${match[1]}`;
}

function wholeDollars(value: number, name: string, where: string): string {
  if (!Number.isSafeInteger(value))
    throw new Error(`${where}: ${name} must be a whole number of dollars (the caller rounds), not ${value}.`);
  if (value < 0) throw new Error(`${where}: ${name} is negative (${value}); Metro 2 amounts are never negative.`);
  return String(value);
}

// An SSN, telephone number or ZIP code as digits only; the value itself stays out of the error (and the logs).
function digits(value: string | null, pattern: RegExp, what: string, name: string, where: string): string | null {
  if (value === null) return null;
  if (!pattern.test(value)) throw new Error(`${where}: ${name} must be ${what}.`);
  return value;
}

const TEN_DIGITS = /^\d{10}$/;

function headerValues(
  header: Metro2Header,
  records: readonly Metro2BaseRecord[],
): Values<(typeof HEADER)[number]['name']> {
  const where = 'Metro 2 header';
  return {
    recordDescriptorWord: RECORD_DESCRIPTOR_WORD,
    recordIdentifier: HEADER_IDENTIFIER,
    // "If data contains more than one cycle, report the first cycle identifier found on the data" (moov-io).
    cycleIdentifier: records.find((record) => record.cycleIdentifier)?.cycleIdentifier ?? null,
    innovisProgramIdentifier: header.innovisProgramIdentifier ?? null,
    equifaxProgramIdentifier: header.equifaxProgramIdentifier ?? null,
    experianProgramIdentifier: header.experianProgramIdentifier ?? null,
    transUnionProgramIdentifier: header.transUnionProgramIdentifier ?? null,
    activityDate: metro2Date(header.activityDate, 'activityDate', where),
    dateCreated: metro2Date(header.dateCreated, 'dateCreated', where),
    programDate: metro2Date(header.programDate, 'programDate', where),
    programRevisionDate: metro2Date(header.programRevisionDate, 'programRevisionDate', where),
    reporterName: header.reporterName,
    reporterAddress: header.reporterAddress,
    reporterTelephoneNumber: digits(
      header.reporterTelephoneNumber,
      TEN_DIGITS,
      '10 digits',
      'reporterTelephoneNumber',
      where,
    ),
    softwareVendorName: header.softwareVendorName,
    softwareVersionNumber: header.softwareVersionNumber,
    prbcProgramIdentifier: null,
    reserved: null,
  };
}

function baseValues(
  header: Metro2Header,
  record: Metro2BaseRecord,
  where: string,
): Values<(typeof BASE)[number]['name']> {
  const money = (name: keyof Metro2BaseRecord & `${string}Dollars`) => wholeDollars(record[name], name, where);
  const date = (name: keyof Metro2BaseRecord, value: string | null) => metro2Date(value, name, where);
  return {
    recordDescriptorWord: RECORD_DESCRIPTOR_WORD,
    // Always 1 (moov-io's sample base segment, test/testdata/base_segment.json; Galileo's Metro 2 base segment page).
    processingIndicator: '1',
    // Date and time of the update: not kept, so zero-filled as moov-io writes an empty timestamp.
    timeStamp: null,
    // 0: an original report, not a replacement (moov-io CorrectionIndicatorOriginal).
    correctionIndicator: '0',
    identificationNumber: header.identificationNumber,
    cycleIdentifier: record.cycleIdentifier ?? null,
    consumerAccountNumber: record.consumerAccountNumber,
    portfolioType: record.portfolioType,
    accountType: record.accountType,
    dateOpened: date('dateOpened', record.dateOpened),
    creditLimit: money('creditLimitDollars'),
    highestCredit: money('highestCreditDollars'),
    termsDuration: record.termsDuration,
    termsFrequency: record.termsFrequency,
    scheduledMonthlyPaymentAmount: money('scheduledMonthlyPaymentDollars'),
    actualPaymentAmount: money('actualPaymentAmountDollars'),
    accountStatus: record.accountStatus,
    paymentRating: record.paymentRating,
    paymentHistoryProfile: record.paymentHistoryProfile,
    specialComment: record.specialComment,
    complianceConditionCode: record.complianceConditionCode,
    currentBalance: money('currentBalanceDollars'),
    amountPastDue: money('amountPastDueDollars'),
    originalChargeOffAmount: money('originalChargeOffAmountDollars'),
    dateAccountInformation: date('dateOfAccountInformation', record.dateOfAccountInformation),
    dateFirstDelinquency: date('dateOfFirstDelinquency', record.dateOfFirstDelinquency),
    dateClosed: date('dateClosed', record.dateClosed),
    dateLastPayment: date('dateOfLastPayment', record.dateOfLastPayment),
    interestTypeIndicator: record.interestTypeIndicator,
    reserved2: null,
    surname: record.surname,
    firstName: record.firstName,
    middleName: record.middleName,
    generationCode: record.generationCode,
    socialSecurityNumber: digits(record.socialSecurityNumber, /^\d{9}$/, '9 digits', 'socialSecurityNumber', where),
    dateBirth: date('dateOfBirth', record.dateOfBirth),
    telephoneNumber: digits(record.telephoneNumber, TEN_DIGITS, '10 digits', 'telephoneNumber', where),
    ecoaCode: record.ecoaCode,
    consumerInformationIndicator: record.consumerInformationIndicator,
    countryCode: record.countryCode,
    firstLineAddress: record.firstLineOfAddress,
    secondLineAddress: record.secondLineOfAddress,
    city: record.city,
    state: record.state,
    zipCode: digits(record.postalZipCode, /^\d{5}(?:\d{4})?$/, '5 or 9 digits', 'postalZipCode', where),
    addressIndicator: record.addressIndicator,
    residenceCode: record.residenceCode,
  };
}

const baseIndex = (name: (typeof BASE)[number]['name']) => BASE.findIndex((field) => field.name === name);
const STATUS_AT = baseIndex('accountStatus');
const ECOA_AT = baseIndex('ecoaCode');
const SSN_AT = baseIndex('socialSecurityNumber');
const BIRTH_AT = baseIndex('dateBirth');
const PHONE_AT = baseIndex('telephoneNumber');

// What the trailer counts, tallied from the base segments as written (so 'da' counts as the DA it became).
type Tally = {
  records: number;
  statuses: Map<string, number>;
  ecoaZ: number;
  ssns: number;
  births: number;
  phones: number;
};

function tallyRecord(tally: Tally, parts: readonly string[]) {
  const at = (index: number) => parts[index] ?? '';
  const zeroFilled = (index: number) => /^0+$/.test(at(index));
  tally.records += 1;
  tally.statuses.set(at(STATUS_AT), (tally.statuses.get(at(STATUS_AT)) ?? 0) + 1);
  if (at(ECOA_AT) === 'Z') tally.ecoaZ += 1;
  if (!UNCOUNTED_SSNS.includes(at(SSN_AT))) tally.ssns += 1;
  if (!zeroFilled(BIRTH_AT)) tally.births += 1;
  if (!zeroFilled(PHONE_AT)) tally.phones += 1;
}

function trailerValues(tally: Tally): Values<TrailerFieldName> {
  const count = (n: number) => String(n);
  const statusCounts = Object.fromEntries(
    TRAILER_STATUS_CODES.map((code) => [`totalStatusCode${code}`, count(tally.statuses.get(code) ?? 0)]),
  );
  return {
    recordDescriptorWord: RECORD_DESCRIPTOR_WORD,
    recordIdentifier: TRAILER_IDENTIFIER,
    totalBaseRecords: count(tally.records),
    reserved1: null,
    // Built from the layout's own list of counted statuses.
    ...(statusCounts as Record<Extract<TrailerFieldName, `totalStatusCode${string}`>, string>),
    // No J1/J2/K/L/N segments are ever written, so their counts are zero.
    totalConsumerSegmentsJ1: '0',
    totalConsumerSegmentsJ2: '0',
    // The header, the base segments and the trailer, as moov-io counts blocks (file_instance.go generatorTrailer).
    blockCount: count(tally.records + 2),
    totalECOACodeZ: count(tally.ecoaZ),
    totalEmploymentSegments: '0',
    totalOriginalCreditorSegments: '0',
    totalPurchasedToSegments: '0',
    totalMortgageInformationSegments: '0',
    totalPaymentInformationSegments: '0',
    totalChangeSegments: '0',
    totalSocialNumbersAllSegments: count(tally.ssns),
    totalSocialNumbersBaseSegments: count(tally.ssns),
    totalSocialNumbersJ1Segments: '0',
    totalSocialNumbersJ2Segments: '0',
    totalDatesBirthAllSegments: count(tally.births),
    totalDatesBirthBaseSegments: count(tally.births),
    totalDatesBirthJ1Segments: '0',
    totalDatesBirthJ2Segments: '0',
    totalTelephoneNumbersAllSegments: count(tally.phones),
    reserved2: null,
  };
}

function joinRecord(parts: readonly string[], where: string): string {
  const line = parts.join('');
  if (line.length !== METRO2_RECORD_LENGTH) throw new Error(`${where}: ${line.length} characters, not 426.`);
  return line;
}

export function formatMetro2File(header: Metro2Header, records: readonly Metro2BaseRecord[]): string {
  const lines = new Array<string>(records.length + 2);
  lines[0] = joinRecord(formatFields(HEADER, headerValues(header, records), 'Metro 2 header'), 'Metro 2 header');
  const tally: Tally = { records: 0, statuses: new Map(), ecoaZ: 0, ssns: 0, births: 0, phones: 0 };
  records.forEach((record, index) => {
    const where = `Metro 2 base record ${index + 1} (account ${record.consumerAccountNumber})`;
    const parts = formatFields(BASE, baseValues(header, record, where), where);
    tallyRecord(tally, parts);
    lines[index + 1] = joinRecord(parts, where);
  });
  lines[records.length + 1] = joinRecord(
    formatFields(TRAILER, trailerValues(tally), 'Metro 2 trailer'),
    'Metro 2 trailer',
  );
  return `${lines.join('\n')}\n`;
}
