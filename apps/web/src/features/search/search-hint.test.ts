import { describe, expect, it } from 'vitest';
import { searchHint } from './search-hint.ts';

describe('searchHint', () => {
  it('names the parameter a User search infers', () => {
    expect(searchHint('User', '')).toBe('Press Enter to search');
    expect(searchHint('User', 'ana@example.com')).toBe('Searching by email');
    expect(searchHint('User', '(555) 123-4567')).toBe('Searching by phone');
    expect(searchHint('User', '42')).toBe('Searching by ID');
    expect(searchHint('User', 'Ana Lopez')).toBe('Searching by name');
  });

  it('names the fixed parameter of Loan and Payment searches', () => {
    expect(searchHint('Loan', '')).toBe('Searching by loan ID');
    expect(searchHint('Payment', '77')).toBe('Searching by payment ID');
  });
});
