import { describe, expect, it } from 'vitest';
import { inferUserSearchParameter, searchParameterFor, searchPath } from './search-parameter.ts';

describe('inferUserSearchParameter', () => {
  it('treats text with an @ as an email', () => {
    expect(inferUserSearchParameter('ana@example.com')).toBe('email');
    // the @ rule comes first, even when the address has digits
    expect(inferUserSearchParameter('ana1234567890@example.com')).toBe('email');
  });

  it('treats text with a digit and at least 10 characters after separators as a phone', () => {
    expect(inferUserSearchParameter('5551234567')).toBe('phone');
    expect(inferUserSearchParameter('(555) 123-4567')).toBe('phone');
    expect(inferUserSearchParameter('555.123.4567')).toBe('phone');
    expect(inferUserSearchParameter('[555] 123 4567')).toBe('phone');
  });

  it('treats text with a digit and fewer than 10 characters after separators as an ID', () => {
    expect(inferUserSearchParameter('42')).toBe('ID');
    expect(inferUserSearchParameter('123456789')).toBe('ID');
    // nine digits padded with separators are still nine characters
    expect(inferUserSearchParameter('(123) 456-789')).toBe('ID');
  });

  it('treats two words as a name', () => {
    expect(inferUserSearchParameter('Ana Lopez')).toBe('name');
    expect(inferUserSearchParameter('  Ana   Lopez ')).toBe('name');
  });

  it('treats a single word without digits as a name', () => {
    expect(inferUserSearchParameter('Lopez')).toBe('name');
  });
});

describe('searchParameterFor', () => {
  it('uses loan_id and payment_id for the Loan and Payment choices', () => {
    expect(searchParameterFor('Loan', '5551234567')).toBe('loan_id');
    expect(searchParameterFor('Payment', 'ana@example.com')).toBe('payment_id');
    expect(searchParameterFor('User', '17')).toBe('ID');
  });
});

describe('searchPath', () => {
  it('builds /user?{Parameter}={value} with the value encoded', () => {
    expect(searchPath('User', 'ana+1@example.com')).toBe('/user?email=ana%2B1%40example.com');
    expect(searchPath('User', 'Ana Lopez')).toBe('/user?name=Ana+Lopez');
    expect(searchPath('Loan', ' 12 ')).toBe('/user?loan_id=12');
  });

  it('returns null for an empty search', () => {
    expect(searchPath('User', '   ')).toBeNull();
  });
});
