import { describe, expect, it } from 'vitest';
import { bigDatabaseIdSchema, databaseIdSchema, dollarAmountSchema, int32Schema } from './primitives.ts';

// How a number may arrive, rule by rule (issue "Bad input, everywhere, for good"): a JSON number,
// or, since query strings are text, a string of plain ASCII digits. Nothing else is read as one,
// however Number(), parseInt or z.coerce would read it. primitives.test.ts has the words and ranges.

const takes = (value: unknown) => bigDatabaseIdSchema.safeParse(value);
const refused = (values: unknown[]) => values.filter((value) => takes(value).success);
const firstMessage = (value: unknown) => takes(value).error?.issues[0]?.message;

describe('an id', () => {
  it('is a JSON number that is a whole number, up to 2^53 - 1', () => {
    expect(takes(1).data).toBe(1);
    expect(takes(Number.MAX_SAFE_INTEGER).data).toBe(Number.MAX_SAFE_INTEGER);
    expect(refused([0, -1, 1.5, 2 ** 53, 1e300])).toEqual([]);
  });

  it('is a string of plain digits, as a query string carries it', () => {
    expect(takes('42').data).toBe(42);
    expect(takes('007').data).toBe(7);
    expect(databaseIdSchema.safeParse('2147483647').data).toBe(2_147_483_647);
  });

  it('has no sign', () => {
    expect(refused(['+1', '-1', '-0', '+0'])).toEqual([]);
  });

  it('has no exponent, decimal point or digit separators', () => {
    expect(refused(['1e1', '1E1', '2e0', '1e+1', '1.0', '1.', '.5', '1_000', '1,000', '1 000'])).toEqual([]);
  });

  it('is not hexadecimal, binary or octal', () => {
    expect(refused(['0x10', '0X10', '0b11', '0o7'])).toEqual([]);
  });

  it('has no whitespace around it', () => {
    expect(refused([' 1', '1 ', '\t1', '1\n', '\u00a01', '1\u2003'])).toEqual([]);
  });

  it('is ASCII digits only, not digits of other scripts', () => {
    expect(refused(['١', '१', '１', '½'])).toEqual([]);
  });

  it('is not empty, and not longer than any number of digits a column holds', () => {
    expect(refused(['', '1'.repeat(31), '9'.repeat(400)])).toEqual([]);
    // Still digits, so it is "too large" rather than "not a number".
    expect(firstMessage('9'.repeat(30))).toBe('is too large; it can be at most 9007199254740991.');
  });

  it('is not a boolean, null, an array, an object or a JSON word for a number', () => {
    expect(
      refused([true, false, null, undefined, [2], ['2'], [], {}, { valueOf: () => 3 }, 'NaN', 'Infinity', 'null']),
    ).toEqual([]);
    expect(refused([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])).toEqual([]);
  });

  it('is refused in the words of a field that wants a number', () => {
    for (const value of [true, '0x10', '0b11', '1e1', '+1', [2], ' 1', '']) {
      expect(firstMessage(value), JSON.stringify(value)).toBe('An id must be a number.');
    }
  });
});

describe('a whole number of a range', () => {
  const schema = int32Schema({ min: -10, max: 10 });

  it('is a JSON number or plain digits, a minus sign allowed where the range goes below zero', () => {
    expect(schema.parse(-3)).toBe(-3);
    expect(schema.parse('-3')).toBe(-3);
    expect(schema.parse('10')).toBe(10);
  });

  it('refuses every other way of writing one', () => {
    const others = [true, '+3', '3e0', '0x3', ' 3', '3 ', '', '--3', '3-', '３', [3], '3.0'];
    expect(others.filter((value) => schema.safeParse(value).success)).toEqual([]);
  });
});

describe('a dollar amount', () => {
  it('is a JSON number or plain digits with a decimal point', () => {
    expect(dollarAmountSchema.parse(25)).toBe(25);
    expect(dollarAmountSchema.parse('25')).toBe(25);
    expect(dollarAmountSchema.parse('25.5')).toBe(25.5);
    expect(dollarAmountSchema.parse('0.01')).toBe(0.01);
  });

  it('refuses signs, exponents, currency signs, separators, whitespace and non-numbers', () => {
    const others = [true, '+25', '-25', '2.5e1', '$25', '25,00', '1 000', ' 25', '25 ', '', '.5', '25.', [25], '２５'];
    expect(others.filter((value) => dollarAmountSchema.safeParse(value).success)).toEqual([]);
  });
});
