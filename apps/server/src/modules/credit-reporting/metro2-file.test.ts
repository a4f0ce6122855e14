import { describe, expect, it } from 'vitest';
import type { ConsumerDispute } from './compliance-condition.ts';
import { formatMetro2File, type Metro2BaseRecord, type Metro2Header } from './metro2-file.ts';
import { validateMetro2File } from './metro2-file-validator.ts';
import {
  BASE_SEGMENT_LAYOUT,
  HEADER_RECORD_LAYOUT,
  TRAILER_RECORD_LAYOUT,
  UNSECURED_ACCOUNT_TYPE,
  type Metro2Field,
} from './metro2-layout.ts';

// The text at 1-based positions start..start+length-1, as the Metro 2 field tables number them. The positions in
// these tests are written out by hand from moov-io's pkg/lib/specifications.go, not read from metro2-layout.ts.
const at = (line: string, start: number, length: number) => line.slice(start - 1, start - 1 + length);
const replaceAt = (line: string, start: number, text: string) =>
  line.slice(0, start - 1) + text + line.slice(start - 1 + text.length);
const linesOf = (file: string) => file.split('\n').slice(0, -1);
const fileOf = (lines: readonly string[]) => `${lines.join('\n')}\n`;

const header: Metro2Header = {
  identificationNumber: 'PORTAL0001',
  transUnionProgramIdentifier: 'TU12345678',
  activityDate: '2026-11-21',
  dateCreated: '2026-11-22',
  programDate: '2026-01-01',
  programRevisionDate: '2026-06-15',
  reporterName: 'Portal Lending LLC',
  reporterAddress: '100 Main Street, San Francisco, CA 94105',
  reporterTelephoneNumber: '4155550100',
  softwareVendorName: 'Portal',
  softwareVersionNumber: '1',
};

const record: Metro2BaseRecord = {
  consumerAccountNumber: '40123',
  portfolioType: 'I',
  accountType: UNSECURED_ACCOUNT_TYPE,
  dateOpened: '2025-03-15',
  creditLimitDollars: 0,
  highestCreditDollars: 1500,
  termsDuration: '12',
  termsFrequency: 'M',
  scheduledMonthlyPaymentDollars: 140,
  actualPaymentAmountDollars: 0,
  accountStatus: '71',
  paymentRating: null,
  paymentHistoryProfile: '100000000000BBBBBBBBBBBB',
  specialComment: null,
  complianceConditionCode: 'XB',
  currentBalanceDollars: 987,
  amountPastDueDollars: 140,
  originalChargeOffAmountDollars: 0,
  dateOfAccountInformation: '2026-11-21',
  dateOfFirstDelinquency: '2026-09-30',
  dateClosed: null,
  dateOfLastPayment: '2026-08-30',
  interestTypeIndicator: 'F',
  surname: "O'Brien",
  firstName: 'Ana',
  middleName: 'M',
  generationCode: null,
  socialSecurityNumber: '123456789',
  dateOfBirth: '1985-07-04',
  telephoneNumber: '5035550123',
  ecoaCode: '1',
  consumerInformationIndicator: null,
  countryCode: 'US',
  firstLineOfAddress: '1 Main St',
  secondLineOfAddress: null,
  city: 'Portland',
  state: 'OR',
  postalZipCode: '97201',
  addressIndicator: null,
  residenceCode: null,
};

const blanks = (n: number) => ' '.repeat(n);
const zeros = (n: number) => '0'.repeat(n);

describe('metro2-layout', () => {
  it.each([
    ['header', HEADER_RECORD_LAYOUT],
    ['base segment', BASE_SEGMENT_LAYOUT],
    ['trailer', TRAILER_RECORD_LAYOUT],
  ] as const)('lays the %s fields end to end over exactly 426 positions, each name once', (_, layout) => {
    const fields: readonly Metro2Field[] = layout;
    let next = 1;
    for (const field of fields) {
      expect(field.start, field.name).toBe(next);
      next = field.start + field.length;
    }
    expect(next).toBe(427);
    expect(new Set(fields.map((field) => field.name)).size).toBe(fields.length);
  });
});

describe('formatMetro2File', () => {
  const file = formatMetro2File(header, [record]);
  const [headerLine = '', base = '', trailer = ''] = linesOf(file);

  it('writes a header, one base segment and a trailer of 426 characters, each ending with a newline', () => {
    expect(file.endsWith('\n')).toBe(true);
    expect(linesOf(file)).toHaveLength(3);
    expect(linesOf(file).map((line) => line.length)).toEqual([426, 426, 426]);
  });

  it('puts each header field at its position', () => {
    expect(at(headerLine, 1, 4)).toBe('0426');
    expect(at(headerLine, 5, 6)).toBe('HEADER');
    expect(at(headerLine, 11, 2)).toBe(blanks(2)); // cycle identifier
    expect(at(headerLine, 13, 25)).toBe(blanks(25)); // Innovis, Equifax, Experian program identifiers
    expect(at(headerLine, 38, 10)).toBe('TU12345678');
    expect(at(headerLine, 48, 8)).toBe('11212026'); // activity date, MMDDYYYY
    expect(at(headerLine, 56, 8)).toBe('11222026'); // date created
    expect(at(headerLine, 64, 16)).toBe('0101202606152026'); // program date, program revision date
    expect(at(headerLine, 80, 40)).toBe('PORTAL LENDING LLC'.padEnd(40));
    expect(at(headerLine, 120, 96)).toBe('100 MAIN STREET, SAN FRANCISCO, CA 94105'.padEnd(96));
    expect(at(headerLine, 216, 10)).toBe('4155550100');
    expect(at(headerLine, 226, 40)).toBe('PORTAL'.padEnd(40));
    expect(at(headerLine, 266, 5)).toBe('1    ');
    expect(at(headerLine, 271, 156)).toBe(blanks(156)); // PRBC program identifier and reserved
  });

  it('puts each base segment field at its position: text blank-padded, amounts zero-filled, dates MMDDYYYY', () => {
    expect(at(base, 1, 4)).toBe('0426');
    expect(at(base, 5, 1)).toBe('1'); // processing indicator
    expect(at(base, 6, 14)).toBe(zeros(14)); // time stamp, not kept
    expect(at(base, 20, 1)).toBe('0'); // correction indicator
    expect(at(base, 21, 20)).toBe('PORTAL0001          ');
    expect(at(base, 41, 2)).toBe(blanks(2));
    expect(at(base, 43, 30)).toBe('40123'.padEnd(30));
    expect(at(base, 73, 1)).toBe('I');
    expect(at(base, 74, 2)).toBe('01');
    expect(at(base, 76, 8)).toBe('03152025');
    expect(at(base, 84, 9)).toBe('000000000'); // credit limit
    expect(at(base, 93, 9)).toBe('000001500'); // highest credit
    expect(at(base, 102, 3)).toBe('12 '); // terms duration: alphanumeric in the layout
    expect(at(base, 105, 1)).toBe('M');
    expect(at(base, 106, 9)).toBe('000000140'); // scheduled monthly payment
    expect(at(base, 115, 9)).toBe('000000000'); // actual payment
    expect(at(base, 124, 2)).toBe('71'); // account status
    expect(at(base, 126, 1)).toBe(' '); // payment rating
    expect(at(base, 127, 24)).toBe('100000000000BBBBBBBBBBBB');
    expect(at(base, 151, 2)).toBe(blanks(2)); // special comment
    expect(at(base, 153, 2)).toBe('XB');
    expect(at(base, 155, 9)).toBe('000000987'); // current balance
    expect(at(base, 164, 9)).toBe('000000140'); // amount past due
    expect(at(base, 173, 9)).toBe('000000000'); // original charge-off amount
    expect(at(base, 182, 8)).toBe('11212026'); // date of account information
    expect(at(base, 190, 8)).toBe('09302026'); // date of first delinquency
    expect(at(base, 198, 8)).toBe('00000000'); // date closed: none
    expect(at(base, 206, 8)).toBe('08302026'); // date of last payment
    expect(at(base, 214, 1)).toBe('F');
    expect(at(base, 215, 17)).toBe(blanks(17)); // reserved
    expect(at(base, 232, 25)).toBe("O'BRIEN".padEnd(25));
    expect(at(base, 257, 20)).toBe('ANA'.padEnd(20));
    expect(at(base, 277, 20)).toBe('M'.padEnd(20));
    expect(at(base, 297, 1)).toBe(' ');
    expect(at(base, 298, 9)).toBe('123456789');
    expect(at(base, 307, 8)).toBe('07041985');
    expect(at(base, 315, 10)).toBe('5035550123');
    expect(at(base, 325, 1)).toBe('1');
    expect(at(base, 326, 2)).toBe(blanks(2));
    expect(at(base, 328, 2)).toBe('US');
    expect(at(base, 330, 32)).toBe('1 MAIN ST'.padEnd(32));
    expect(at(base, 362, 32)).toBe(blanks(32));
    expect(at(base, 394, 20)).toBe('PORTLAND'.padEnd(20));
    expect(at(base, 414, 2)).toBe('OR');
    expect(at(base, 416, 9)).toBe('97201    ');
    expect(at(base, 425, 2)).toBe(blanks(2)); // address indicator, residence code
  });

  it('counts the base segment in the trailer', () => {
    expect(at(trailer, 1, 4)).toBe('0426');
    expect(at(trailer, 5, 7)).toBe('TRAILER');
    expect(at(trailer, 12, 9)).toBe('000000001'); // total base records
    expect(at(trailer, 21, 9)).toBe(blanks(9));
    expect(at(trailer, 57, 9)).toBe('000000003'); // block count: header, base, trailer
    expect(at(trailer, 147, 9)).toBe('000000001'); // status 71
    expect(at(trailer, 84, 9)).toBe('000000000'); // status 11
    expect(at(trailer, 327, 18)).toBe('000000001000000001'); // SSNs: all segments, base segments
    expect(at(trailer, 363, 18)).toBe('000000001000000001'); // dates of birth: all, base
    expect(at(trailer, 399, 9)).toBe('000000001'); // telephone numbers
    expect(at(trailer, 408, 19)).toBe(blanks(19));
  });

  it('counts statuses, ECOA Z, SSNs, dates of birth and telephone numbers over several records', () => {
    const records: Metro2BaseRecord[] = [
      record,
      { ...record, accountStatus: '11', complianceConditionCode: null, socialSecurityNumber: null },
      { ...record, accountStatus: '11', socialSecurityNumber: '999999999', dateOfBirth: null },
      // Lower case is written (and counted) upper case.
      { ...record, accountStatus: 'da', telephoneNumber: null, ecoaCode: 'Z' },
      { ...record, accountStatus: '13', paymentRating: '1', dateClosed: '2026-10-01', currentBalanceDollars: 0 },
    ];
    const lines = linesOf(formatMetro2File(header, records));
    const last = lines.at(-1) ?? '';
    expect(lines).toHaveLength(7);
    expect(at(last, 12, 9)).toBe('000000005');
    expect(at(last, 57, 9)).toBe('000000007');
    expect(at(last, 66, 9)).toBe('000000001'); // DA
    expect(at(last, 84, 9)).toBe('000000002'); // 11
    expect(at(last, 93, 9)).toBe('000000001'); // 13
    expect(at(last, 147, 9)).toBe('000000001'); // 71
    expect(at(last, 30, 9)).toBe('000000000'); // DF
    expect(at(last, 264, 9)).toBe('000000001'); // ECOA Z
    expect(at(last, 327, 9)).toBe('000000003'); // SSNs: none and nine-filled are not counted
    expect(at(last, 363, 9)).toBe('000000004');
    expect(at(last, 399, 9)).toBe('000000004');
    expect(at(lines[4] ?? '', 124, 2)).toBe('DA');
    expect(at(lines[5] ?? '', 198, 8)).toBe('10012026');
    expect(validateMetro2File(fileOf(lines)).errors).toEqual([]);
  });

  it('upper-cases, reduces accents to ASCII, drops what is not printable ASCII and cuts what is too long', () => {
    const [, line = ''] = linesOf(
      formatMetro2File(header, [
        {
          ...record,
          consumerAccountNumber: 'a'.repeat(40),
          surname: 'Müller-Lüdenscheidt von Hohenzollern',
          firstName: 'José',
          middleName: 'Strauß',
          firstLineOfAddress: '12 Rue de l’Église\n☃ Bât ﬁ',
          city: 'São Paulo',
        },
      ]),
    );
    expect(line).toHaveLength(426);
    expect(at(line, 43, 30)).toBe('A'.repeat(30));
    expect(at(line, 232, 25)).toBe('MULLER-LUDENSCHEIDT VON H');
    expect(at(line, 257, 20)).toBe('JOSE'.padEnd(20));
    expect(at(line, 277, 20)).toBe('STRAUSS'.padEnd(20));
    expect(at(line, 330, 32)).toBe('12 RUE DE LEGLISE  BAT FI'.padEnd(32));
    expect(at(line, 394, 20)).toBe('SAO PAULO'.padEnd(20));
  });

  it('refuses negative or fractional amounts, malformed dates and numbers, and amounts too large for the field', () => {
    const write = (change: Partial<Metro2BaseRecord>) => () => formatMetro2File(header, [{ ...record, ...change }]);
    expect(write({ currentBalanceDollars: -1 })).toThrow(
      'Metro 2 base record 1 (account 40123): currentBalanceDollars is negative (-1); Metro 2 amounts are never negative.',
    );
    expect(write({ amountPastDueDollars: 12.5 })).toThrow(/amountPastDueDollars must be a whole number of dollars/);
    expect(write({ highestCreditDollars: 1_000_000_000 })).toThrow(/highestCredit '1000000000' does not fit its 9/);
    expect(write({ dateOpened: '2025-02-30' })).toThrow(/dateOpened must be a date as YYYY-MM-DD, not '2025-02-30'/);
    expect(write({ dateClosed: '03/15/2025' })).toThrow(/dateClosed must be a date/);
    expect(write({ socialSecurityNumber: '123-45-6789' })).toThrow(/socialSecurityNumber must be 9 digits\.$/);
    expect(write({ dateOfBirth: '1985-13-01' })).toThrow(
      'Metro 2 base record 1 (account 40123): dateOfBirth must be a date as YYYY-MM-DD.',
    );
    expect(write({ postalZipCode: '9720' })).toThrow(/postalZipCode must be 5 or 9 digits/);
    expect(() => formatMetro2File({ ...header, reporterTelephoneNumber: '555-0100' }, [])).toThrow(
      /reporterTelephoneNumber must be 10 digits/,
    );
  });

  // How fast is npm run bench:credit-reporting's to say (a timed test fails on a busy machine).
  it('writes 10,000 records that read back whole', () => {
    const many = Array.from({ length: 10_000 }, (_, index) => ({
      ...record,
      consumerAccountNumber: String(100_000 + index),
      currentBalanceDollars: index,
      surname: index % 2 ? 'Núñez' : 'Smith',
    }));
    const written = formatMetro2File(header, many);
    expect(written.length).toBe(10_002 * 427);
    const checked = validateMetro2File(written);
    expect(checked.errors).toEqual([]);
    expect(checked.records).toHaveLength(10_000);
    expect(checked.trailer?.totalBaseRecords).toBe('000010000');
  });
});

describe("validateMetro2File: the compliance condition code against the loan's disputes", () => {
  // Two accounts reported XB on 2026-11-21; what the Portal knows of their disputes decides.
  const file = formatMetro2File(header, [record, { ...record, consumerAccountNumber: '40124', accountStatus: '11' }]);
  const [headerLine = '', base = '', secondBase = '', trailer = ''] = linesOf(file);
  const open: ConsumerDispute = { label: 'dispute #7', from: '2026-11-01', to: null, consumerDisagrees: false };
  const closed = (consumerDisagrees: boolean) => ({
    label: 'ACDV CN-9',
    from: '2026-10-01',
    to: '2026-11-02',
    consumerDisagrees,
  });
  const facts = (second: ConsumerDispute[]) =>
    new Map([
      ['40123', { disputes: [open] }],
      ['40124', { disputes: second }],
    ]);
  const withCode = (code: string) => fileOf([headerLine, base, replaceAt(secondBase, 153, code), trailer]);

  it('takes XB for a loan with a dispute open on the date of account information', () => {
    expect(validateMetro2File(file, facts([open])).errors).toEqual([]);
  });

  it('refuses XB for a loan with nothing open, and a blank code for one with a dispute open', () => {
    expect(validateMetro2File(file, facts([closed(false)])).errors).toEqual([
      "Record 3 (base segment 2), complianceConditionCode (positions 153-154): 'XB', but loan 40124 has no dispute or ACDV open on 2026-11-21.",
    ]);
    expect(
      validateMetro2File(fileOf([headerLine, replaceAt(base, 153, '  '), secondBase, trailer]), facts([open])).errors,
    ).toEqual([
      'Record 2 (base segment 1), complianceConditionCode (positions 153-154): is blank, but dispute #7 of loan 40123 is open on 2026-11-21: a disputed account is reported XB (FCRA 623(a)(3)).',
    ]);
  });

  it('takes XC only after an investigation the consumer disagreed with, XH only after one completed', () => {
    expect(validateMetro2File(withCode('XC'), facts([closed(true)])).errors).toEqual([]);
    expect(validateMetro2File(withCode('XC'), facts([closed(false)])).errors).toEqual([
      "Record 3 (base segment 2), complianceConditionCode (positions 153-154): 'XC', but no investigation of loan 40124 completed with the consumer disagreeing by 2026-11-21.",
    ]);
    expect(validateMetro2File(withCode('XH'), facts([closed(false)])).errors).toEqual([]);
    expect(validateMetro2File(withCode('XH'), facts([])).errors).toEqual([
      "Record 3 (base segment 2), complianceConditionCode (positions 153-154): 'XH', but no dispute of loan 40124 was investigated by 2026-11-21.",
    ]);
  });

  it('refuses a code of the value set the Portal never reports, once; an unknown one by the value set only', () => {
    expect(validateMetro2File(withCode('XA'), facts([])).errors).toEqual([
      "Record 3 (base segment 2), complianceConditionCode (positions 153-154): 'XA' is not a code the Portal reports (only XB, XC and XH, from the loan's disputes).",
    ]);
    expect(validateMetro2File(withCode('XZ'), facts([])).errors).toEqual([
      "Record 3 (base segment 2), complianceConditionCode (positions 153-154): 'XZ' is not a Metro 2 compliance condition code.",
    ]);
  });

  it('checks no dispute of an account it is told nothing about', () => {
    expect(validateMetro2File(withCode('XA'), new Map()).errors).toEqual([]);
  });

  it('refuses a Fair Credit Billing Act code on an installment account, facts or not', () => {
    expect(validateMetro2File(withCode('XF')).errors).toEqual([
      "Record 3 (base segment 2), complianceConditionCode (positions 153-154): 'XF' is a Fair Credit Billing Act code, for open-end credit only, not portfolio type I.",
    ]);
    const revolving = fileOf([headerLine, base, replaceAt(replaceAt(secondBase, 153, 'XF'), 73, 'R'), trailer]);
    expect(validateMetro2File(revolving).errors).toEqual([]);
  });
});

describe('validateMetro2File', () => {
  const file = formatMetro2File(header, [record, { ...record, consumerAccountNumber: '40124', accountStatus: '11' }]);
  const lines = linesOf(file);
  const [headerLine = '', base = '', secondBase = '', trailer = ''] = lines;

  it("reads the writer's output back, field by field, without an error", () => {
    const checked = validateMetro2File(file);
    expect(checked.errors).toEqual([]);
    expect(checked.header?.activityDate).toBe('11212026');
    expect(checked.header?.reporterName).toBe('PORTAL LENDING LLC'.padEnd(40));
    expect(checked.records.map((fields) => fields.accountStatus)).toEqual(['71', '11']);
    expect(checked.records[0]?.consumerAccountNumber?.trim()).toBe('40123');
    expect(checked.records[0]?.currentBalance).toBe('000000987');
    expect(checked.trailer?.totalStatusCode11).toBe('000000001');
  });

  it('rejects a record of the wrong length', () => {
    expect(validateMetro2File(fileOf([headerLine, base.slice(0, 425), secondBase, trailer])).errors).toEqual([
      'Record 2 (base segment 1): 425 characters, not 426.',
    ]);
  });

  it('rejects an account status outside the reference data, and the trailer that no longer matches', () => {
    expect(validateMetro2File(fileOf([headerLine, replaceAt(base, 124, 'ZZ'), secondBase, trailer])).errors).toEqual([
      "Record 2 (base segment 1), accountStatus (positions 124-125): 'ZZ' is not a Metro 2 account status.",
      'Record 4 (trailer), totalStatusCode71 (positions 147-155): says 1, the base segments give 0.',
    ]);
  });

  it('rejects a trailer count that differs from the base segments', () => {
    expect(
      validateMetro2File(fileOf([headerLine, base, secondBase, replaceAt(trailer, 12, '000000003')])).errors,
    ).toEqual(['Record 4 (trailer), totalBaseRecords (positions 12-20): says 3, the base segments give 2.']);
  });

  it('rejects an amount that is not all digits', () => {
    expect(
      validateMetro2File(fileOf([headerLine, base, replaceAt(secondBase, 155, '0000 9.87'), trailer])).errors,
    ).toEqual(["Record 3 (base segment 2), currentBalance (positions 155-163): '0000 9.87' is not all digits."]);
  });

  it('names the field of a broken Social Security number without repeating the number', () => {
    const errors = validateMetro2File(
      fileOf([headerLine, replaceAt(base, 298, '12345678X'), secondBase, trailer]),
    ).errors;
    expect(errors[0]).toBe(
      'Record 2 (base segment 1), socialSecurityNumber (positions 298-306): the value is not all digits.',
    );
    expect(errors.join(' ')).not.toContain('12345678X');
  });

  it('rejects impossible dates, unknown codes and a missing payment rating, naming record and field', () => {
    let broken = replaceAt(base, 76, '02302025'); // February 30
    broken = replaceAt(broken, 127, '10000000000X'); // history code X
    broken = replaceAt(broken, 325, '9'); // ECOA 9
    let closed = replaceAt(secondBase, 124, '13'); // paid or closed needs a rating
    closed = replaceAt(closed, 105, 'Z'); // terms frequency Z
    const checked = validateMetro2File(fileOf([headerLine, broken, closed, trailer]));
    expect(checked.errors).toEqual([
      "Record 2 (base segment 1), dateOpened (positions 76-83): '02302025' is not a valid MMDDYYYY date or zeros.",
      "Record 2 (base segment 1), ecoaCode (positions 325-325): '9' is not a Metro 2 ECOA code.",
      "Record 2 (base segment 1), paymentHistoryProfile (positions 127-150): month 12 'X' is not a payment history code.",
      "Record 3 (base segment 2), termsFrequency (positions 105-105): 'Z' is not a Metro 2 terms frequency.",
      'Record 3 (base segment 2), paymentRating (positions 126-126): is required with account status 13.',
      'Record 4 (trailer), totalStatusCode11 (positions 84-92): says 1, the base segments give 0.',
      'Record 4 (trailer), totalStatusCode13 (positions 93-101): says 0, the base segments give 1.',
    ]);
  });

  it('wants the header first, the trailer last, 0426 descriptors and printable ASCII', () => {
    expect(validateMetro2File(fileOf([base, headerLine, trailer])).errors).toContain(
      "Record 1 (header), recordIdentifier (positions 5-10): '100000': the first record must be the HEADER.",
    );
    expect(validateMetro2File(fileOf([headerLine, base, secondBase])).errors).toContain(
      "Record 3 (trailer), recordIdentifier (positions 5-11): '1000000': the last record must be the TRAILER.",
    );
    expect(validateMetro2File(fileOf([headerLine, replaceAt(base, 1, '0366'), secondBase, trailer])).errors).toEqual([
      "Record 2 (base segment 1), recordDescriptorWord (positions 1-4): '0366', not 0426.",
    ]);
    expect(validateMetro2File(fileOf([headerLine, replaceAt(base, 240, 'É'), secondBase, trailer])).errors).toEqual([
      'Record 2 (base segment 1): position 240 is not printable ASCII.',
    ]);
    expect(validateMetro2File(file.slice(0, -1)).errors).toEqual([
      'The file does not end with a newline: every record ends with one.',
    ]);
    expect(validateMetro2File('').errors).toHaveLength(1);
  });

  // A base segment and a header from moov-io's own test data (github.com/moov-io/metro2 at
  // fe80ca7d6999abbe3ee495abb586adc27891e1b9, test/testdata/base_segment.dat and header_record.dat, the lines as
  // that file wraps them, its 4-character block descriptor word left out). The base segment's record descriptor word
  // there is 1264 because J1, J2, K1-K4, L1 and N1 segments follow it in the variable-length file; alone, in the
  // fixed-length format, it is 0426. The expected values are moov-io's: test/testdata/base_segment.json and the header
  // of test/testdata/unpacked_fixed_file.json.
  const moovBase = [
    '126410101202001112206666666               553723456                     M4811222',
    '019000000000000002438LOC 00000000000000010062 BBBBBBBBBBBBBBBBBBBBBBBBASXA000002',
    '23300000000000000000009202002071920010802200208022002                  SMITH-JON',
    'ES              JUNIOR                                  S15932875903181972517555',
    '55551  USRMXH+6W Casper, Wyoming,        United States                   U.S. Po',
    'stal         MI72654    YO',
  ].join('');
  const moovHeader = [
    '0426HEADER                           555555555508202002051019990510199905101999Y',
    'OUR BUSINESS NAME HERE                 LINE ONE OF YOUR ADDRESS LINE TWO OF YOUR',
    ' ADDRESS LINE THERE OF YOUR ADDRESS                    1234567890               ',
    blanks(80),
    blanks(80),
    blanks(26),
  ].join('');

  // A trailer for that one base segment, each count placed by hand at its position.
  const placed: Array<[start: number, text: string]> = [
    [1, '0426'],
    [5, 'TRAILER'],
    [12, '000000001'], // total base records
    [21, blanks(9)], // reserved
    [57, '000000003'], // block count
    [111, '000000001'], // status 62
    [327, '000000001000000001'], // SSNs: all, base
    [363, '000000001000000001'], // dates of birth: all, base
    [399, '000000001'], // telephone numbers
  ];
  const moovTrailer = placed.reduce((line, [start, text]) => replaceAt(line, start, text), zeros(407) + blanks(19));

  it("reads moov-io's sample base segment at moov-io's positions", () => {
    expect(moovBase).toHaveLength(426);
    expect(moovHeader).toHaveLength(426);
    const checked = validateMetro2File(fileOf([moovHeader, replaceAt(moovBase, 1, '0426'), moovTrailer]));
    expect(checked.errors).toEqual([]);
    const trimmed = (fields: Record<string, string> | null | undefined) =>
      Object.fromEntries(Object.entries(fields ?? {}).map(([name, value]) => [name, value.trim()]));
    expect(trimmed(checked.header)).toMatchObject({
      transUnionProgramIdentifier: '5555555555',
      activityDate: '08202002',
      dateCreated: '05101999',
      programDate: '05101999',
      programRevisionDate: '05101999',
      reporterName: 'YOUR BUSINESS NAME HERE',
      reporterAddress: 'LINE ONE OF YOUR ADDRESS LINE TWO OF YOUR ADDRESS LINE THERE OF YOUR ADDRESS',
      reporterTelephoneNumber: '1234567890',
    });
    expect(trimmed(checked.records[0])).toEqual({
      recordDescriptorWord: '0426',
      processingIndicator: '1',
      timeStamp: '01012020011122', // 2020-01-01T01:11:22Z
      correctionIndicator: '0',
      identificationNumber: '6666666',
      cycleIdentifier: '',
      consumerAccountNumber: '553723456',
      portfolioType: 'M',
      accountType: '48',
      dateOpened: '11222019',
      creditLimit: '000000000',
      highestCredit: '000002438',
      termsDuration: 'LOC',
      termsFrequency: '',
      scheduledMonthlyPaymentAmount: '000000000',
      actualPaymentAmount: '000000100',
      accountStatus: '62',
      paymentRating: '',
      paymentHistoryProfile: 'BBBBBBBBBBBBBBBBBBBBBBBB',
      specialComment: 'AS',
      complianceConditionCode: 'XA',
      currentBalance: '000002233',
      amountPastDue: '000000000',
      originalChargeOffAmount: '000000000',
      dateAccountInformation: '09202002',
      dateFirstDelinquency: '07192001',
      dateClosed: '08022002',
      dateLastPayment: '08022002',
      interestTypeIndicator: '',
      reserved2: '',
      surname: 'SMITH-JONES',
      firstName: 'JUNIOR',
      middleName: '',
      generationCode: 'S',
      socialSecurityNumber: '159328759',
      dateBirth: '03181972',
      telephoneNumber: '5175555555',
      ecoaCode: '1',
      consumerInformationIndicator: '',
      countryCode: 'US',
      firstLineAddress: 'RMXH+6W Casper, Wyoming,',
      secondLineAddress: 'United States',
      city: 'U.S. Postal',
      state: 'MI',
      zipCode: '72654',
      addressIndicator: 'Y',
      residenceCode: 'O',
    });
  });
});
