import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarAmount, dollarsToCents, formatDollars } from './money.ts';

describe('money', () => {
  it('converts between cents and dollars without float drift', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(centsToDollars(1999)).toBe(19.99);
    expect(formatDollars(123456)).toBe('$1,234.56');
  });
  it('accepts amounts with at most two decimals', () => {
    expect(dollarAmount.parse('25.50')).toBe(25.5);
    expect(dollarAmount.safeParse(25.555).success).toBe(false);
    expect(dollarAmount.safeParse(0).success).toBe(false);
    expect(dollarAmount.safeParse('abc').success).toBe(false);
  });
});
