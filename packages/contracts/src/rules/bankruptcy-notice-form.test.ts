import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatNoticeDate } from './dates.ts';
import {
  formatSsnEntry,
  isDebtorComplete,
  isoToUsDate,
  NOTICE_MESSAGES,
  NOTICE_TYPE_VALUES,
  noticeProblems,
  noticeTypeLabel,
  ssnEntryDigits,
  type NoticeFields,
} from './bankruptcy-notice-form.ts';

// The bankruptcy notice form's rule (spec 001 section 5), one rule at a time: the screen shows
// these messages while editing and on Process, and the server refuses processing with the same.

const complete: NoticeFields = {
  case_number: '24-10234',
  court_district: 'CAN',
  b_type: '7',
  debtor_name: 'John Allen Smith',
  debtor_ssn: '1234',
  joint_debtor_name: null,
  joint_debtor_ssn: null,
  filed: '2024-03-04',
  discharged: null,
  dismissed: null,
  converted: null,
  plan_confirmed: null,
  notice_date: null,
};
const INITIAL = 'BankruptcyNotice::InitialFiling';
const messages = (type: string | null, fields: Partial<NoticeFields>) =>
  noticeProblems(type, fields).map((problem) => problem.message);

describe('notice types', () => {
  it('are the six of the spec, BankruptcyNotice:: plus the kind, each with its words', () => {
    expect(NOTICE_TYPE_VALUES).toEqual([
      'BankruptcyNotice::InitialFiling',
      'BankruptcyNotice::Dismissal',
      'BankruptcyNotice::Discharge',
      'BankruptcyNotice::Conversion',
      'BankruptcyNotice::PlanConfirmation',
      'BankruptcyNotice::Other',
    ]);
    expect(NOTICE_TYPE_VALUES.map(noticeTypeLabel)).toEqual([
      'Initial filing',
      'Dismissal',
      'Discharge',
      'Conversion',
      'Plan confirmation',
      'Other',
    ]);
    expect(noticeTypeLabel('BankruptcyNotice::Unknown')).toBe('Other');
    expect(noticeTypeLabel(null)).toBe('Other');
  });
});

describe('noticeProblems', () => {
  it('finds nothing wrong with a complete notice of each type', () => {
    expect(noticeProblems(INITIAL, complete)).toEqual([]);
    expect(noticeProblems('BankruptcyNotice::Discharge', { ...complete, discharged: '2024-08-12' })).toEqual([]);
    expect(noticeProblems('BankruptcyNotice::Dismissal', { ...complete, dismissed: '2024-09-03' })).toEqual([]);
    expect(noticeProblems('BankruptcyNotice::Conversion', { ...complete, converted: '2025-01-09' })).toEqual([]);
    expect(noticeProblems('BankruptcyNotice::PlanConfirmation', { ...complete, plan_confirmed: '2025-02-03' })).toEqual(
      [],
    );
    expect(noticeProblems('BankruptcyNotice::Other', { ...complete, filed: null })).toEqual([]);
  });

  it.each([
    ['case_number', 'Case number is required.'],
    ['court_district', 'Court district is required.'],
    ['b_type', 'Bankruptcy type is required.'],
  ] as const)('requires %s: "%s" (blank counts as missing)', (field, message) => {
    expect(noticeProblems(INITIAL, { ...complete, [field]: null })).toEqual([{ field, message }]);
    expect(messages(INITIAL, { ...complete, [field]: '   ' })).toEqual([message]);
  });

  it('requires the notice type', () => {
    expect(noticeProblems(null, complete)).toEqual([{ field: 'type', message: 'Notice type is required.' }]);
    expect(messages('', complete)).toEqual(['Notice type is required.']);
  });

  it('takes chapter 7 or 13 only', () => {
    expect(messages(INITIAL, { ...complete, b_type: '13' })).toEqual([]);
    expect(messages(INITIAL, { ...complete, b_type: ' 7 ' })).toEqual([]);
    for (const chapter of ['11', '12', '1', 'seven'])
      expect(noticeProblems(INITIAL, { ...complete, b_type: chapter })).toEqual([
        { field: 'b_type', message: 'Bankruptcy type must be 7 or 13.' },
      ]);
  });

  it('takes an SSN of 4 or 9 digits once separators are stripped, and says which rule for an initial filing', () => {
    expect(messages(INITIAL, { ...complete, debtor_ssn: '123-45-6789' })).toEqual([]);
    expect(messages(INITIAL, { ...complete, debtor_ssn: '12-34' })).toEqual([]);
    expect(
      noticeProblems(INITIAL, { ...complete, joint_debtor_name: 'Mary Smith', joint_debtor_ssn: '12345' }),
    ).toEqual([
      { field: 'joint_debtor_ssn', message: 'SSN must be either 4 digits (with name) or 9 digits (standalone).' },
    ]);
    const discharge = { ...complete, discharged: '2024-08-12' };
    expect(noticeProblems('BankruptcyNotice::Discharge', { ...discharge, debtor_ssn: '1234567' })).toEqual([
      { field: 'debtor_ssn', message: NOTICE_MESSAGES.ssnLength },
    ]);
    expect(NOTICE_MESSAGES.ssnLength).toBe('SSN must be either 4 digits or 9 digits.');
  });

  it('needs each debtor pair of an initial filing complete once either field is filled', () => {
    expect(noticeProblems(INITIAL, { ...complete, joint_debtor_name: 'Mary Beth Smith' })).toEqual([
      {
        field: 'joint_debtor_ssn',
        message: 'Joint debtor needs either a full 9-digit SSN or a 4-digit SSN with the name.',
      },
    ]);
    expect(noticeProblems(INITIAL, { ...complete, joint_debtor_ssn: '5678' })).toEqual([
      { field: 'joint_debtor_name', message: 'Joint debtor needs a name when using a 4-digit SSN.' },
    ]);
    expect(
      messages(INITIAL, { ...complete, debtor_ssn: null, joint_debtor_name: 'Mary Smith', joint_debtor_ssn: '5678' }),
    ).toEqual(['Primary debtor needs either a full 9-digit SSN or a 4-digit SSN with the name.']);
    // A whole SSN stands alone; a pair left empty is no problem.
    expect(messages(INITIAL, { ...complete, debtor_name: null, debtor_ssn: '123456789' })).toEqual([]);
    // Other notices do not check the pairs.
    expect(messages('BankruptcyNotice::Other', { ...complete, debtor_ssn: null, joint_debtor_ssn: '5678' })).toEqual(
      [],
    );
  });

  it('needs at least one complete debtor on an initial filing', () => {
    expect(noticeProblems(INITIAL, { ...complete, debtor_name: null, debtor_ssn: null })).toEqual([
      { field: 'debtors', message: NOTICE_MESSAGES.atLeastOneDebtor },
    ]);
    expect(NOTICE_MESSAGES.atLeastOneDebtor).toBe(
      'At least one debtor must have complete information (either full 9-digit SSN or name with 4-digit SSN).',
    );
    expect(
      messages('BankruptcyNotice::Discharge', {
        ...complete,
        debtor_name: null,
        debtor_ssn: null,
        discharged: '2024-08-12',
      }),
    ).toEqual([]);
  });

  it.each([
    [INITIAL, 'filed', 'Filing date is required for initial filing notices.'],
    ['BankruptcyNotice::Discharge', 'discharged', 'Discharge date is required for discharge notices.'],
    ['BankruptcyNotice::Dismissal', 'dismissed', 'Dismissal date is required for dismissal notices.'],
    ['BankruptcyNotice::Conversion', 'converted', 'Conversion date is required for conversion notices.'],
    [
      'BankruptcyNotice::PlanConfirmation',
      'plan_confirmed',
      'Plan confirmation date is required for plan confirmation notices.',
    ],
  ] as const)('requires the date a %s notice is about: %s', (type, field, message) => {
    expect(noticeProblems(type, { ...complete, filed: null, [field]: null })).toEqual([{ field, message }]);
    expect(messages(type, { ...complete, filed: '2024-03-04', [field]: '2024-03-05' })).toEqual([]);
  });

  it('takes real dates only', () => {
    expect(noticeProblems(INITIAL, { ...complete, notice_date: '2024-02-30' })).toEqual([
      { field: 'notice_date', message: 'Notice date must be a real date (MM/DD/YYYY).' },
    ]);
    expect(messages(INITIAL, { ...complete, filed: '03/04/2024' })).toEqual([
      'Filing date must be a real date (MM/DD/YYYY).',
    ]);
  });

  it('lists every problem at once, in the form’s order', () => {
    expect(messages(INITIAL, { debtor_ssn: '12' })).toEqual([
      'Case number is required.',
      'Court district is required.',
      'Bankruptcy type is required.',
      'SSN must be either 4 digits (with name) or 9 digits (standalone).',
      NOTICE_MESSAGES.atLeastOneDebtor,
      'Filing date is required for initial filing notices.',
    ]);
  });

  it('holds for any SSN: 4 or 9 digits pass the length rule, anything else is named', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,12}$/), (digits) => {
        const found = messages('BankruptcyNotice::Other', { ...complete, debtor_ssn: digits });
        const valid = digits.length === 0 || digits.length === 4 || digits.length === 9;
        expect(found).toEqual(valid ? [] : [NOTICE_MESSAGES.ssnLength]);
        expect(isDebtorComplete(null, digits)).toBe(digits.length === 9);
        expect(isDebtorComplete('A Name', digits)).toBe(digits.length === 9 || digits.length === 4);
      }),
    );
  });
});

describe('SSN entry', () => {
  it('keeps digits only, up to 9; up to 4 stay as typed, longer ones are formatted as far as they go', () => {
    expect(ssnEntryDigits('123-45-6789x0')).toBe('123456789');
    expect(formatSsnEntry('12a3')).toBe('123');
    expect(formatSsnEntry('1234')).toBe('1234');
    expect(formatSsnEntry('12345')).toBe('123-45');
    expect(formatSsnEntry('123456')).toBe('123-45-6');
    expect(formatSsnEntry('123456789')).toBe('123-45-6789');
    expect(formatSsnEntry(null)).toBe('');
  });
});

describe('notice dates', () => {
  it('are shown like Jan 5, 2024 (N/A when missing) and sent YYYY-MM-DD', () => {
    expect(formatNoticeDate('2024-01-05')).toBe('Jan 5, 2024');
    expect(formatNoticeDate('2024-01-05T02:00:00Z', 'America/Los_Angeles')).toBe('Jan 4, 2024');
    expect(formatNoticeDate(null)).toBe('N/A');
    expect(formatNoticeDate('not a date')).toBe('N/A');
    expect(isoToUsDate('2024-03-04')).toBe('03/04/2024');
    expect(isoToUsDate('03/04/2024')).toBe('');
    expect(isoToUsDate(null)).toBe('');
  });
});
