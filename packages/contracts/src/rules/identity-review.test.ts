import { describe, expect, it } from 'vitest';
import { approvedVerificationCode, ekataBand, verificationColor, verificationLabel } from './identity-review.ts';

describe('ekataBand (spec 001 sections 5 and 9)', () => {
  it.each([
    [0, 'low'],
    [256, 'low'],
    [257, 'moderate'],
    [440, 'moderate'],
    [441, 'high'],
    [1000, 'high'],
  ] as const)('scores %i as %s', (score, band) => {
    expect(ekataBand(score)).toBe(band);
  });

  it('has its own band for no score', () => {
    expect(ekataBand(null)).toBe('none');
    expect(ekataBand(undefined)).toBe('none');
    expect(ekataBand(Number.NaN)).toBe('none');
  });
});

describe('verification codes (spec 001 section 3)', () => {
  it('colours -5 orange, -2 and -1 red, 1 and 2 green', () => {
    expect([-5, -2, -1, 1, 2].map(verificationColor)).toEqual(['orange', 'red', 'red', 'green', 'green']);
    expect(verificationLabel(-7)).toBe('Manual fraud hold');
    expect(verificationLabel(9)).toBe('Verification code 9');
  });

  it('approves as DL-SSN verified only when the SSN check passed', () => {
    expect(approvedVerificationCode([{ name: 'ssn_match', pass: true }])).toBe(2);
    expect(approvedVerificationCode([{ name: 'ssn_match', pass: false }])).toBe(1);
    expect(approvedVerificationCode([{ name: 'address_match', pass: true }])).toBe(1);
  });
});
