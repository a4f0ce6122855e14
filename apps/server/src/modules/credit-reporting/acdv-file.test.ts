import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ACDV_FILE_FIELDS,
  ACDV_FILE_MAX_RECORDS,
  ACDV_IMAGE_MAX_BYTES,
  parseAcdvFile,
  type AcdvFileResult,
} from './acdv-file.ts';

// The ACDV import format (docs/acdv-import.md): JSON in both shapes and CSV read to the same
// records, each rule of a record, a file of good and bad records, files refused as a whole, the
// dispute image, and the documentation and its examples kept in step with the code.

const TODAY = '2026-11-21';
const parse = (fileName: string, content: string | Buffer) =>
  parseAcdvFile(fileName, typeof content === 'string' ? Buffer.from(content) : content, TODAY);
const json = (value: unknown) => Buffer.from(JSON.stringify(value));

function readable(result: AcdvFileResult) {
  if (!result.ok) throw new Error(`expected a readable file, got: ${result.error}`);
  return result;
}
function refused(result: AcdvFileResult): string {
  if (result.ok) throw new Error('expected the file to be refused');
  return result.error;
}

const minimal = (overrides: Record<string, unknown> = {}) => ({
  control_number: 'CN-1',
  dispute_code: '001',
  received_on: '2026-11-15',
  last_name: 'Rivera',
  account_number: '1042',
  ...overrides,
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);

const FULL_INPUT = {
  control_number: 'EQX-20261102-000417',
  dispute_code: '103',
  received_on: '2026-11-02',
  response_due_on: '2026-11-28',
  first_name: '  Dana ',
  middle_name: 'M',
  last_name: 'Whitaker',
  generation_code: 'jr',
  ssn: '900-12 3456',
  birthday: '1987-03-14',
  phone_number: '+1 (503) 555-0142',
  street: '1420  NW\nLovejoy St',
  city: 'Portland',
  state: 'or',
  zip: '972091234',
  account_number: 100482,
  account_status: '71',
  payment_rating: '',
  current_balance: 1180,
  amount_past_due: '95',
  highest_credit: '1500',
  scheduled_monthly_payment: '95',
  terms_duration: 18,
  date_opened: '2025-12-01',
  date_of_last_payment: '2026-09-15',
  date_of_first_delinquency: '2026-10-01',
  date_closed: null,
  consumer_information_indicator: ' ',
  compliance_condition_code: 'xb',
  payment_history_profile: '10000000000BBBBBBBBBBBBB',
};
const FULL_RECORD = {
  record: 1,
  controlNumber: 'EQX-20261102-000417',
  disputeCode: '103',
  receivedOn: '2026-11-02',
  responseDueOn: '2026-11-28',
  consumer: {
    firstName: 'Dana',
    middleName: 'M',
    lastName: 'Whitaker',
    generationCode: 'JR',
    birthday: '1987-03-14',
    phoneNumber: '5035550142',
    street: '1420 NW Lovejoy St',
    city: 'Portland',
    state: 'OR',
    zip: '97209-1234',
  },
  ssn: '900123456',
  account: {
    accountNumber: '100482',
    accountStatus: '71',
    paymentRating: null,
    currentBalance: 1180,
    amountPastDue: 95,
    highestCredit: 1500,
    scheduledMonthlyPayment: 95,
    termsDuration: 18,
    dateOpened: '2025-12-01',
    dateOfLastPayment: '2026-09-15',
    dateOfFirstDelinquency: '2026-10-01',
    dateClosed: null,
    consumerInformationIndicator: null,
    complianceConditionCode: 'XB',
    paymentHistoryProfile: '10000000000BBBBBBBBBBBBB',
  },
  image: null,
};

describe('good files', () => {
  it('reads a JSON array, trimming text, normalizing numbers and codes, and taking empty values as null', () => {
    expect(readable(parse('acdvs.json', json([FULL_INPUT])))).toEqual({
      ok: true,
      records: [FULL_RECORD],
      problems: [],
    });
  });

  it('reads a JSON object with the requests in "requests", absent fields as null', () => {
    const result = readable(parse('batch.JSON', json({ requests: [minimal(), minimal({ control_number: 'CN-2' })] })));
    expect(result.problems).toEqual([]);
    expect(result.records.map((record) => [record.record, record.controlNumber])).toEqual([
      [1, 'CN-1'],
      [2, 'CN-2'],
    ]);
    expect(result.records[0]).toMatchObject({
      consumer: { firstName: null, lastName: 'Rivera', zip: null },
      ssn: null,
      account: { accountNumber: '1042', currentBalance: null, paymentHistoryProfile: null },
      image: null,
    });
  });

  it('reads CSV with a BOM, CRLF, quoted commas, quotes and line breaks, skipping blank rows', () => {
    const header = ACDV_FILE_FIELDS.filter((field) => !field.startsWith('image_'));
    const cells = (record: Record<string, unknown>) =>
      header.map((field) => {
        const value = record[field];
        return value === null || value === undefined ? '' : `"${String(value).replaceAll('"', '""')}"`;
      });
    const plain: Record<string, unknown> = minimal({ control_number: 'CN-2' });
    const csv =
      '\uFEFF' +
      [
        header.join(','),
        cells({ ...FULL_INPUT, street: '1420 NW Lovejoy St, "Unit 4"\r\nBack door' }).join(','),
        '',
        // A spreadsheet's row of empty cells holds nothing: skipped like a blank line.
        ','.repeat(header.length - 1),
        // Unquoted cells, absent values empty.
        header.map((field) => plain[field] ?? '').join(','),
      ].join('\r\n') +
      '\r\n\r\n';
    const result = readable(parse('acdvs.csv', csv));
    expect(result.problems).toEqual([]);
    expect(result.records).toEqual([
      { ...FULL_RECORD, consumer: { ...FULL_RECORD.consumer, street: '1420 NW Lovejoy St, "Unit 4" Back door' } },
      expect.objectContaining({
        record: 2,
        controlNumber: 'CN-2',
        consumer: expect.objectContaining({ firstName: null }),
      }),
    ]);
  });

  it('takes the format from the first character when the name has no known extension', () => {
    expect(readable(parse('upload', `\n  ${JSON.stringify([minimal()])}`)).records).toHaveLength(1);
    expect(readable(parse('upload.txt', json({ requests: [minimal()] }))).records).toHaveLength(1);
    const csv = 'control_number,dispute_code,received_on,last_name,account_number\nCN-1,001,2026-11-15,Rivera,1042\n';
    expect(readable(parse('upload.txt', csv)).records).toHaveLength(1);
  });

  it(`reads up to ${ACDV_FILE_MAX_RECORDS.toLocaleString('en-US')} records`, () => {
    const many = Array.from({ length: ACDV_FILE_MAX_RECORDS }, (_, index) =>
      minimal({ control_number: `CN-${index}` }),
    );
    const result = readable(parse('many.json', json(many)));
    expect(result.records).toHaveLength(ACDV_FILE_MAX_RECORDS);
    expect(result.problems).toEqual([]);
  });
});

describe('bad records', () => {
  const long = 'x'.repeat(101);
  it.each<[string, Record<string, unknown>, string]>([
    ['control number missing', { control_number: '' }, 'control_number is required.'],
    [
      'control number with a space',
      { control_number: 'CN 1' },
      "control_number 'CN 1' may hold only letters, digits and dashes (-).",
    ],
    ['control number too long', { control_number: 'A'.repeat(65) }, 'control_number is longer than 64 characters.'],
    ['dispute code missing', { dispute_code: null }, 'dispute_code is required.'],
    ['dispute code unknown', { dispute_code: '009' }, "dispute_code '009' is not one of 001, 002, 101, 103."],
    ['dispute code as a number', { dispute_code: 1 }, "dispute_code '1' is not one of 001, 002, 101, 103."],
    ['received_on missing', { received_on: '  ' }, 'received_on is required.'],
    [
      'received_on not a date',
      { received_on: '11/15/2026' },
      "received_on '11/15/2026' is not a date in the form YYYY-MM-DD.",
    ],
    ['received_on not real', { received_on: '2026-02-30' }, 'received_on 2026-02-30 is not a real date.'],
    ['received_on in the future', { received_on: '2026-11-22' }, 'received_on 2026-11-22 is after today (2026-11-21).'],
    [
      'response_due_on not a date',
      { response_due_on: '28.11.2026' },
      "response_due_on '28.11.2026' is not a date in the form YYYY-MM-DD.",
    ],
    [
      'response_due_on before received_on',
      { received_on: '2026-11-15', response_due_on: '2026-11-14' },
      'response_due_on 2026-11-14 is before received_on 2026-11-15.',
    ],
    ['last name missing', { last_name: undefined }, 'last_name is required.'],
    ['last name too long', { last_name: long }, 'last_name is longer than 100 characters.'],
    ['first name too long', { first_name: long }, 'first_name is longer than 100 characters.'],
    ['middle name too long', { middle_name: long }, 'middle_name is longer than 100 characters.'],
    ['street too long', { street: long }, 'street is longer than 100 characters.'],
    ['city too long', { city: long }, 'city is longer than 100 characters.'],
    [
      'generation code spelled out',
      { generation_code: 'Junior' },
      "generation_code 'Junior' must be 1 to 3 letters or digits, such as JR, SR, II, III or IV.",
    ],
    ['SSN of 8 digits', { ssn: '900-12-345' }, 'ssn must be 9 digits (dashes and spaces between them are fine).'],
    ['SSN with letters', { ssn: '900-AB-3456' }, 'ssn must be 9 digits (dashes and spaces between them are fine).'],
    ['birthday not real', { birthday: '1990-13-01' }, 'birthday 1990-13-01 is not a real date.'],
    ['birthday in the future', { birthday: '2027-01-01' }, 'birthday 2027-01-01 is after today (2026-11-21).'],
    [
      'phone number short',
      { phone_number: '555-0142' },
      "phone_number '555-0142' must be a US number of 10 digits, area code first.",
    ],
    [
      'phone number with letters',
      { phone_number: '503-555-CALL' },
      "phone_number '503-555-CALL' must be a US number of 10 digits, area code first.",
    ],
    ['state unknown', { state: 'XX' }, "state 'XX' is not the two-letter code of a US state or DC."],
    ['state spelled out', { state: 'Oregon' }, "state 'Oregon' is not the two-letter code of a US state or DC."],
    ['ZIP of 4 digits', { zip: '9720' }, "zip '9720' must be 5 digits or ZIP+4 (12345 or 12345-6789)."],
    ['ZIP+4 cut short', { zip: '97209-12' }, "zip '97209-12' must be 5 digits or ZIP+4 (12345 or 12345-6789)."],
    ['account number missing', { account_number: '' }, 'account_number is required.'],
    ['account number too long', { account_number: '1'.repeat(31) }, 'account_number is longer than 30 characters.'],
    [
      'account status unknown',
      { account_status: 'ZZ' },
      "account_status 'ZZ' is not a Metro 2 account status (05, 11, 13, 61, 62, 63, 64, 65, 71, 78, 80, 82, 83, 84, 88, 89, 93, 94, 95, 96, 97, DA, DF).",
    ],
    [
      'payment rating unknown',
      { payment_rating: '7' },
      "payment_rating '7' is not a Metro 2 payment rating (0, 1, 2, 3, 4, 5, 6, G, L).",
    ],
    [
      'balance with cents',
      { current_balance: '12.50' },
      "current_balance '12.50' must be whole dollars from 0 to 999,999,999, digits only.",
    ],
    [
      'balance negative',
      { amount_past_due: -5 },
      "amount_past_due '-5' must be whole dollars from 0 to 999,999,999, digits only.",
    ],
    [
      'balance over 9 digits',
      { highest_credit: 1_000_000_000 },
      "highest_credit '1000000000' must be whole dollars from 0 to 999,999,999, digits only.",
    ],
    [
      'balance with a thousands separator',
      { scheduled_monthly_payment: '1,200' },
      "scheduled_monthly_payment '1,200' must be whole dollars from 0 to 999,999,999, digits only.",
    ],
    [
      'terms duration zero',
      { terms_duration: 0 },
      "terms_duration '0' must be a whole number from 1 to 999, digits only.",
    ],
    [
      'terms duration fractional',
      { terms_duration: '12.5' },
      "terms_duration '12.5' must be a whole number from 1 to 999, digits only.",
    ],
    ['date opened not real', { date_opened: '2026-02-29' }, 'date_opened 2026-02-29 is not a real date.'],
    [
      'date of last payment in words',
      { date_of_last_payment: 'yesterday' },
      "date_of_last_payment 'yesterday' is not a date in the form YYYY-MM-DD.",
    ],
    [
      'date of first delinquency not real',
      { date_of_first_delinquency: '2025-02-29' },
      'date_of_first_delinquency 2025-02-29 is not a real date.',
    ],
    ['date closed not real', { date_closed: '2026-04-31' }, 'date_closed 2026-04-31 is not a real date.'],
    [
      'consumer information indicator unknown',
      { consumer_information_indicator: 'Z' },
      "consumer_information_indicator 'Z' is not a Metro 2 consumer information indicator (A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S).",
    ],
    [
      'compliance condition code unknown',
      { compliance_condition_code: 'XZ' },
      "compliance_condition_code 'XZ' is not a Metro 2 compliance condition code (XA, XB, XC, XD, XE, XF, XG, XH, XJ, XR).",
    ],
    [
      'payment history profile short',
      { payment_history_profile: '000' },
      "payment_history_profile must be 24 characters, one per month; '000' has 3.",
    ],
    [
      'payment history profile with an unknown code',
      { payment_history_profile: `${'0'.repeat(22)}ZZ` },
      "payment_history_profile holds 'Z', not a payment history code (0, 1, 2, 3, 4, 5, 6, B, D, E, G, H, J, K, L).",
    ],
    ['unknown field, a typo', { frist_name: 'Dana' }, "unknown field 'frist_name' (did you mean 'first_name'?)."],
    ['unknown field', { favorite_color: 'blue' }, "unknown field 'favorite_color'."],
    ['a value of the wrong type', { first_name: true }, 'first_name must be text or a number, not true.'],
    [
      'a required value of the wrong type',
      { last_name: { text: 'Rivera' } },
      'last_name must be text or a number, not an object.',
    ],
    [
      'a number too long to read exactly',
      { account_number: 2 ** 60 },
      'account_number 1152921504606847000 is a number too long to read exactly; write it in quotes, as text.',
    ],
  ])('%s', (_rule, overrides, message) => {
    const record = { ...minimal(), ...overrides };
    const result = readable(parse('acdvs.json', json([record])));
    expect(result.records).toEqual([]);
    const shownControlNumber =
      typeof record.control_number === 'string' && record.control_number !== ''
        ? record.control_number.slice(0, 64)
        : null;
    expect(result.problems).toEqual([{ record: 1, control_number: shownControlNumber, errors: [message] }]);
  });

  it('reports every problem of a record, not only the first', () => {
    const result = readable(
      parse('acdvs.json', json([minimal({ dispute_code: '009', received_on: '2026-02-30', zip: 'abc', color: 1 })])),
    );
    expect(result.problems).toEqual([
      {
        record: 1,
        control_number: 'CN-1',
        errors: [
          "unknown field 'color'.",
          "dispute_code '009' is not one of 001, 002, 101, 103.",
          'received_on 2026-02-30 is not a real date.',
          "zip 'abc' must be 5 digits or ZIP+4 (12345 or 12345-6789).",
        ],
      },
    ]);
  });

  it('never quotes an SSN back', () => {
    const result = readable(parse('acdvs.json', json([minimal({ ssn: '900-12-34567' })])));
    expect(JSON.stringify(result.problems)).not.toContain('34567');
  });
});

describe('a file of good and bad records', () => {
  it('keeps the good ones and reports the bad ones by record number and control number', () => {
    const result = readable(
      parse(
        'mixed.json',
        json([
          minimal({ control_number: 'CN-1' }),
          minimal({ control_number: 'CN-2', dispute_code: '009' }),
          'CN-3',
          minimal({ control_number: 'CN-4' }),
          minimal({ control_number: 'CN-1', last_name: 'Rivera-Duplicate' }),
          minimal({ control_number: 'CN 6' }),
          minimal({ control_number: 'CN-2' }),
        ]),
      ),
    );
    expect(result.records.map((record) => [record.record, record.controlNumber])).toEqual([
      [1, 'CN-1'],
      [4, 'CN-4'],
    ]);
    expect(result.problems).toEqual([
      { record: 2, control_number: 'CN-2', errors: ["dispute_code '009' is not one of 001, 002, 101, 103."] },
      { record: 3, control_number: null, errors: ['This record is text, not an object of ACDV fields.'] },
      { record: 5, control_number: 'CN-1', errors: ['control_number CN-1 is already used by record 1 of this file.'] },
      {
        record: 6,
        control_number: 'CN 6',
        errors: ["control_number 'CN 6' may hold only letters, digits and dashes (-)."],
      },
      // The first CN-2 was bad, but which of the two the bureau meant is not known: both are reported.
      { record: 7, control_number: 'CN-2', errors: ['control_number CN-2 is already used by record 2 of this file.'] },
    ]);
  });

  it('reports a JSON record that is a list or null', () => {
    const result = readable(parse('acdvs.json', json([[minimal()], null, 42])));
    expect(result.problems.map((problem) => problem.errors[0])).toEqual([
      'This record is a list, not an object of ACDV fields.',
      'This record is null, not an object of ACDV fields.',
      'This record is a number, not an object of ACDV fields.',
    ]);
  });

  it('reports a CSV row with the wrong number of cells, naming its control number when it can', () => {
    const csv = [
      'control_number,dispute_code,received_on,last_name,account_number,street',
      'CN-1,001,2026-11-15,Rivera,1042,1420 NW Lovejoy St',
      'CN-2,001,2026-11-15,Rivera,1043,1420 NW Lovejoy St, Unit 4',
      'CN-3,001,2026-11-15,Rivera',
      'CN-4,001,2026-11-15,"Rivera",1044,',
    ].join('\n');
    const result = readable(parse('acdvs.csv', csv));
    expect(result.records.map((record) => record.controlNumber)).toEqual(['CN-1', 'CN-4']);
    expect(result.problems).toEqual([
      {
        record: 2,
        control_number: 'CN-2',
        errors: [
          'This row has 7 cells, but the header has 6 columns (a comma inside a value needs the value in double quotes).',
        ],
      },
      {
        record: 3,
        control_number: 'CN-3',
        errors: [
          'This row has 4 cells, but the header has 6 columns (a comma inside a value needs the value in double quotes).',
        ],
      },
    ]);
  });

  it('reports CSV problems with the same words as JSON', () => {
    const csv =
      'control_number,dispute_code,received_on,last_name,account_number\r\nCN-1,009,2026-11-15,Rivera,1042\r\n';
    expect(readable(parse('acdvs.csv', csv)).problems).toEqual([
      { record: 1, control_number: 'CN-1', errors: ["dispute_code '009' is not one of 001, 002, 101, 103."] },
    ]);
  });
});

describe('files refused as a whole', () => {
  const header = 'control_number,dispute_code,received_on,last_name,account_number';
  it.each<[string, string, string | Buffer, string | RegExp]>([
    ['an empty file', 'acdvs.json', '', 'The file is empty.'],
    ['a file of blank lines', 'acdvs.csv', '\uFEFF\r\n  \r\n', 'The file is empty.'],
    ['broken JSON', 'acdvs.json', '[{"control_number": "CN-1",', /^This file is not valid JSON \(.+\)\.$/],
    [
      'a CSV file named .json',
      'acdvs.json',
      `${header}\nCN-1,001,2026-11-15,Rivera,1042\n`,
      /^This file is not valid JSON/,
    ],
    [
      'plain text',
      'notes.txt',
      'hello, this is a note',
      'This is not a JSON or CSV file of ACDV requests (see docs/acdv-import.md).',
    ],
    ['a PNG image', 'scan', PNG, 'This is not a JSON or CSV file of ACDV requests (see docs/acdv-import.md).'],
    [
      'text that is not UTF-8',
      'acdvs.csv',
      Buffer.from([0x63, 0x6f, 0xe9, 0x0a]),
      'This is not a JSON or CSV file of ACDV requests (see docs/acdv-import.md).',
    ],
    [
      'a JSON value that is not a list',
      'acdvs.json',
      '"CN-1"',
      'A JSON file of ACDV requests holds an array of requests, or an object with the array in "requests".',
    ],
    [
      'a JSON object without requests',
      'acdvs.json',
      '{"records": []}',
      'A JSON file of ACDV requests holds an array of requests, or an object with the array in "requests". This one also has "records".',
    ],
    [
      'a single JSON request',
      'acdvs.json',
      JSON.stringify(minimal()),
      'A JSON file of ACDV requests holds an array of requests, or an object with the array in "requests". This one is a single request: put it in [ ].',
    ],
    ['an empty JSON list', 'acdvs.json', '{"requests": []}', 'The file holds no ACDV requests.'],
    ['a CSV header alone', 'acdvs.csv', `${header}\r\n`, 'The file holds no ACDV requests.'],
    [
      'a CSV header with an unknown column',
      'acdvs.csv',
      `${header},frist_name,notes\nCN-1,001,2026-11-15,Rivera,1042,Dana,x\n`,
      "The header has unknown columns 'frist_name' (did you mean 'first_name'?), 'notes'.",
    ],
    [
      'a CSV header lacking required columns',
      'acdvs.csv',
      'control_number,last_name\nCN-1,Rivera\n',
      'The header lacks the required column(s) dispute_code, received_on, account_number.',
    ],
    [
      'a CSV header naming a column twice',
      'acdvs.csv',
      `${header},last_name\nCN-1,001,2026-11-15,Rivera,1042,Rivera\n`,
      "The header names 'last_name' twice.",
    ],
    [
      'a CSV header with an unnamed column',
      'acdvs.csv',
      `${header},\nCN-1,001,2026-11-15,Rivera,1042,\n`,
      'The header has no name for column 6.',
    ],
    [
      'a CSV file with an unclosed quote',
      'acdvs.csv',
      `${header}\nCN-1,001,2026-11-15,"Rivera,1042\nCN-2,001,2026-11-15,Rivera,1043\n`,
      'This CSV file cannot be read: the quoted field opened on line 2 is never closed.',
    ],
  ])('%s', (_case, fileName, content, error) => {
    const message = refused(parse(fileName, content));
    if (typeof error === 'string') expect(message).toBe(error);
    else expect(message).toMatch(error);
  });

  it(`refuses more than ${ACDV_FILE_MAX_RECORDS.toLocaleString('en-US')} records`, () => {
    const many = Array.from({ length: ACDV_FILE_MAX_RECORDS + 1 }, () => ({}));
    expect(refused(parse('many.json', json(many)))).toBe(
      'The file holds 10,001 requests; at most 10,000 are read at once. Split it into smaller files.',
    );
  });
});

describe('the dispute image', () => {
  const withImage = (overrides: Record<string, unknown>) => parse('acdvs.json', json([minimal(overrides)]));

  it.each<[string, Buffer, string]>([
    ['PNG', PNG, 'image/png'],
    ['PDF', PDF, 'application/pdf'],
    ['JPEG', JPEG, 'image/jpeg'],
  ])('knows a %s by its first bytes', (_kind, content, contentType) => {
    const result = readable(withImage({ image_base64: content.toString('base64') }));
    expect(result.problems).toEqual([]);
    expect(result.records[0]?.image).toEqual({ contentType, content });
  });

  it('accepts base64 wrapped over lines and a content type that agrees (image/jpg is image/jpeg)', () => {
    const wrapped = PDF.toString('base64').replace(/.{20}/g, '$&\r\n');
    const pdf = readable(withImage({ image_base64: wrapped, image_content_type: 'application/PDF' }));
    expect(pdf.records[0]?.image).toEqual({ contentType: 'application/pdf', content: PDF });
    const jpeg = readable(withImage({ image_base64: JPEG.toString('base64'), image_content_type: 'image/jpg' }));
    expect(jpeg.records[0]?.image?.contentType).toBe('image/jpeg');
  });

  it('reads an image from CSV as from JSON', () => {
    const csv = `control_number,dispute_code,received_on,last_name,account_number,image_base64\nCN-1,103,2026-11-15,Rivera,1042,${PNG.toString('base64')}\n`;
    expect(readable(parse('acdvs.csv', csv)).records[0]?.image).toEqual({ contentType: 'image/png', content: PNG });
  });

  it(`takes an image of ${ACDV_IMAGE_MAX_BYTES / 1024 / 1024} MB and refuses a larger one`, () => {
    const image = (bytes: number) => Buffer.concat([PNG, Buffer.alloc(bytes - PNG.length)]).toString('base64');
    expect(readable(withImage({ image_base64: image(ACDV_IMAGE_MAX_BYTES) })).problems).toEqual([]);
    expect(readable(withImage({ image_base64: image(ACDV_IMAGE_MAX_BYTES + 200_000) })).problems).toEqual([
      {
        record: 1,
        control_number: 'CN-1',
        errors: ['image_base64 is 5.2 MB once decoded; an image may be at most 5 MB.'],
      },
    ]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['invalid base64', { image_base64: 'not base64!' }, 'image_base64 is not valid base64.'],
    ['base64 cut short', { image_base64: 'iVBORw0KG' }, 'image_base64 is not valid base64.'],
    [
      'a data URL',
      { image_base64: `data:image/png;base64,${PNG.toString('base64')}` },
      "image_base64 must be plain base64, without the 'data:…;base64,' prefix.",
    ],
    [
      'another kind of file',
      { image_base64: Buffer.from('GIF89a not allowed').toString('base64') },
      'image_base64 is not a PDF, PNG or JPEG file.',
    ],
    [
      'a declared type that disagrees',
      { image_base64: PNG.toString('base64'), image_content_type: 'application/pdf' },
      'image_content_type says application/pdf, but the image is image/png.',
    ],
    [
      'a declared type not allowed',
      { image_base64: PNG.toString('base64'), image_content_type: 'image/gif' },
      "image_content_type 'image/gif' is not one of application/pdf, image/png, image/jpeg.",
    ],
    [
      'a declared type without an image',
      { image_base64: '', image_content_type: 'image/png' },
      'image_content_type is given, but image_base64 is empty.',
    ],
  ])('reports %s as a problem of the record', (_case, overrides, message) => {
    const result = readable(withImage(overrides));
    expect(result.records).toEqual([]);
    expect(result.problems).toEqual([{ record: 1, control_number: 'CN-1', errors: [message] }]);
  });
});

describe('the documentation', () => {
  const docs = new URL('../../../../../docs/', import.meta.url);

  it('documents every field', () => {
    const page = readFileSync(new URL('acdv-import.md', docs), 'utf8');
    for (const field of ACDV_FILE_FIELDS) expect(page).toContain(`| \`${field}\``);
  });

  it.each(['acdv-requests.json', 'acdv-requests.csv'])(
    'has an example %s the import reads without problems',
    (name) => {
      const result = readable(parse(name, readFileSync(new URL(`examples/${name}`, docs))));
      expect(result.problems).toEqual([]);
      expect(result.records).toHaveLength(3);
    },
  );
});
