import { describe, expect, it } from 'vitest';
import { metro2 } from '../reference/metro2.ts';
import {
  ACDV_DISPUTE_CODE_OPTIONS,
  ACDV_MODIFY_CODES,
  ACDV_RESPONSE_CODES,
  acdvDisagreementProblem,
  FIELD_VERIFICATIONS,
  fcraBankruptcyProblems,
  generatesAdjustmentFile,
  isControlNumber,
} from './credit-reporting.ts';

describe('the credit reporting lists', () => {
  it('are the reference data’s ACDV response codes, dispute codes and field verifications', () => {
    expect([...ACDV_RESPONSE_CODES].sort()).toEqual(Object.keys(metro2.acdv_response_codes).sort());
    expect(Object.fromEntries(ACDV_DISPUTE_CODE_OPTIONS.map((option) => [option.code, option.meaning]))).toEqual(
      metro2.acdv_dispute_codes,
    );
    expect([...FIELD_VERIFICATIONS]).toEqual(metro2.field_verification);
  });

  it('sends no adjustment file for Do Not Report only', () => {
    expect(generatesAdjustmentFile('delete')).toBe(true);
    expect(generatesAdjustmentFile('resend')).toBe(true);
    expect(generatesAdjustmentFile('do_not_report')).toBe(false);
  });

  it('takes control numbers of letters, digits and dashes, at most 64', () => {
    expect(isControlNumber('EQX-20261102-000417')).toBe(true);
    expect(isControlNumber('A 1')).toBe(false);
    expect(isControlNumber('x'.repeat(65))).toBe(false);
  });
});

describe('acdvDisagreementProblem', () => {
  it('takes the consumer disagreeing with any answer that leaves the account reported', () => {
    for (const code of ['01', '21', '22', '23']) expect(acdvDisagreementProblem(code, true)).toBeNull();
    for (const code of ACDV_RESPONSE_CODES) expect(acdvDisagreementProblem(code, false)).toBeNull();
    expect(acdvDisagreementProblem('03', undefined)).toBeNull();
  });

  it('refuses it with a deletion or a misrouted request, saying why', () => {
    expect(acdvDisagreementProblem('03', true)).toBe(
      "An ACDV answered 03 deletes the account: there is no account left to report the consumer's disagreement on.",
    );
    expect(acdvDisagreementProblem('07', true)).toContain('answered 07 deletes the account');
    expect(acdvDisagreementProblem('04', true)).toBe(
      "A misrouted ACDV (04) is not the Portal's account: the consumer's disagreement cannot be recorded on it.",
    );
  });

  it('counts 21 and 22 (disputed information updated) as modified in the consumer’s favour', () => {
    const meanings = metro2.acdv_response_codes as Record<string, string>;
    expect(ACDV_MODIFY_CODES.map((code) => meanings[code])).toEqual([
      'Updated disputed information only',
      'Updated disputed information and additional information',
    ]);
  });
});

describe('fcraBankruptcyProblems (spec 001 section 5: all fields, type 7 or 13, numeric case code and loan id)', () => {
  const complete = { id: '12', case_code: '2410234', b_type: '7', date: '2026-10-01' };
  const messages = (form: Partial<typeof complete>, kind: 'file' | 'discharge' = 'file') =>
    fcraBankruptcyProblems({ ...complete, ...form }, kind, '2026-11-21').map((problem) => problem.message);

  it('accepts a complete form', () => expect(messages({})).toEqual([]));
  it('requires every field, named as the form names it', () =>
    expect(messages({ id: '', case_code: ' ', b_type: '', date: '' }, 'discharge')).toEqual([
      'Loan ID is required.',
      'Case code is required.',
      'Bankruptcy type is required.',
      'Date discharged is required.',
    ]));
  it('wants a numeric loan id', () => expect(messages({ id: '12a' })).toEqual(['Loan ID must be numeric.']));
  it('wants a numeric case code', () =>
    expect(messages({ case_code: '24-10234' })).toEqual(['Case code must be numeric.']));
  it('wants chapter 7 or 13', () => expect(messages({ b_type: '11' })).toEqual(['Bankruptcy type must be 7 or 13.']));
  it('wants a real date, not after today', () => {
    expect(messages({ date: '2026-02-30' })).toEqual(['Date filed must be a real date.']);
    expect(messages({ date: '2026-11-22' })).toEqual(['Date filed cannot be in the future.']);
  });
});
