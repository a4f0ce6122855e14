import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatDollars } from './money.ts';
import { dollarAmountSchema } from './primitives.ts';

describe('money', () => {
  it('converts between cents and dollars without float drift', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(centsToDollars(1999)).toBe(19.99);
    expect(formatDollars(123456)).toBe('$1,234.56');
  });
  it('accepts amounts with at most two decimals', () => {
    expect(dollarAmountSchema.parse('25.50')).toBe(25.5);
    expect(dollarAmountSchema.safeParse(25.555).success).toBe(false);
    expect(dollarAmountSchema.safeParse(0).success).toBe(false);
    expect(dollarAmountSchema.safeParse('abc').success).toBe(false);
  });
});
