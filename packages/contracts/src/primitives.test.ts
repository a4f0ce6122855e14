import { describe, expect, it } from 'vitest';
import { sendReplyRequestSchema } from './messages.ts';
import { bigDatabaseIdSchema, databaseIdSchema, dollarAmountSchema, INT32_MAX, int32Schema } from './primitives.ts';
import { ticketsQuerySchema } from './tickets.ts';

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => [
  ...new Set(result.error?.issues.map((issue) => issue.message) ?? []),
];

describe('databaseIdSchema', () => {
  it('takes a positive whole number up to 2147483647, as a number or a query-string digit string', () => {
    expect(databaseIdSchema.parse(1)).toBe(1);
    expect(databaseIdSchema.parse(INT32_MAX)).toBe(2_147_483_647);
    expect(databaseIdSchema.parse('42')).toBe(42);
  });

  it('says a number past an integer column is too large, however large', () => {
    for (const value of [2_147_483_648, '2147483648', 1e20, Number.MAX_SAFE_INTEGER + 2]) {
      expect(messagesOf(databaseIdSchema.safeParse(value))).toEqual(['is too large; it can be at most 2147483647.']);
    }
  });

  it('keeps its words for what is no id at all', () => {
    expect(messagesOf(databaseIdSchema.safeParse('twelve'))).toEqual(['An id must be a number.']);
    expect(messagesOf(databaseIdSchema.safeParse('1e400'))).toEqual(['An id must be a number.']);
    expect(messagesOf(databaseIdSchema.safeParse(1.5))).toEqual(['An id must be a whole number.']);
    expect(messagesOf(databaseIdSchema.safeParse(0))).toEqual(['An id must be positive.']);
    expect(messagesOf(databaseIdSchema.safeParse(-1e20))).toEqual(['An id must be positive.']);
  });
});

describe('bigDatabaseIdSchema', () => {
  it('takes ids past 2^31 (bigint keys), up to the largest number JSON carries exactly', () => {
    expect(bigDatabaseIdSchema.parse(2_147_483_648)).toBe(2_147_483_648);
    expect(bigDatabaseIdSchema.parse(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
    expect(messagesOf(bigDatabaseIdSchema.safeParse(Number.MAX_SAFE_INTEGER + 1))).toEqual([
      'is too large; it can be at most 9007199254740991.',
    ]);
    expect(messagesOf(bigDatabaseIdSchema.safeParse('99999999999999999999'))).toEqual([
      'is too large; it can be at most 9007199254740991.',
    ]);
  });
});

describe('int32', () => {
  it('bounds a whole number to an integer column, or to a narrower range', () => {
    const any = int32Schema();
    expect(any.parse(-2_147_483_648)).toBe(-2_147_483_648);
    expect(messagesOf(any.safeParse(2_147_483_648))).toEqual(['is too large; it can be at most 2147483647.']);
    expect(messagesOf(any.safeParse(-2_147_483_649))).toEqual(['is too small; it must be at least -2147483648.']);
    expect(messagesOf(any.safeParse(-1e20))).toEqual(['is too small; it must be at least -2147483648.']);
    expect(messagesOf(any.safeParse(2.5))).toEqual(['must be a whole number.']);
    expect(messagesOf(any.safeParse('x'))).toEqual(['must be a number.']);
    const small = int32Schema({ min: 1, max: 50 });
    expect(messagesOf(small.safeParse(51))).toEqual(['is too large; it can be at most 50.']);
    expect(messagesOf(small.safeParse(0))).toEqual(['is too small; it must be at least 1.']);
  });

  it('refuses a range wider than the column', () => {
    expect(() => int32Schema({ max: 2_147_483_648 })).toThrow(RangeError);
    expect(() => int32Schema({ min: 5, max: 1 })).toThrow(RangeError);
  });
});

describe('request contracts', () => {
  it('bound send_reply macro_id to the integer column of macros', () => {
    const result = sendReplyRequestSchema.safeParse({ id: 1, reply: 'Hi', macro_id: 2_147_483_648 });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['macro_id'], message: 'is too large; it can be at most 2147483647.' }),
    ]);
    expect(sendReplyRequestSchema.parse({ id: 2_147_483_648, reply: 'Hi', macro_id: 7 })).toMatchObject({
      id: 2_147_483_648,
      macro_id: 7,
    });
  });

  it('bound tickets num to 1..50', () => {
    expect(ticketsQuerySchema.parse({})).toEqual({ num: 10 });
    expect(messagesOf(ticketsQuerySchema.safeParse({ num: '51' }))).toEqual(['is too large; it can be at most 50.']);
  });
});

// What the outside probes sent as ids: each was read as a number by z.coerce.
const NOT_NUMBERS: unknown[] = [
  true,
  false,
  '0x10',
  '0b11',
  '0o7',
  '1e1',
  '+1',
  ' 1',
  '1 ',
  '',
  '1.0',
  '١',
  [2],
  { valueOf: () => 3 },
  null,
  Number.NaN,
  Number.POSITIVE_INFINITY,
];

describe('numbers are JSON numbers or plain digits, nothing else', () => {
  it('take a JSON number or plain digits', () => {
    expect(databaseIdSchema.parse(42)).toBe(42);
    expect(databaseIdSchema.parse('42')).toBe(42);
    expect(bigDatabaseIdSchema.parse('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuse anything else that once read as a number', () => {
    for (const value of NOT_NUMBERS) {
      expect(databaseIdSchema.safeParse(value).success, JSON.stringify(value) ?? String(value)).toBe(false);
      expect(bigDatabaseIdSchema.safeParse(value).success).toBe(false);
    }
  });

  it('say what is wrong in words', () => {
    expect(databaseIdSchema.safeParse(true).error?.issues[0]?.message).toBe('An id must be a number.');
    expect(databaseIdSchema.safeParse(1.5).error?.issues[0]?.message).toBe('An id must be a whole number.');
    expect(databaseIdSchema.safeParse('0').error?.issues[0]?.message).toBe('An id must be positive.');
    expect(databaseIdSchema.safeParse(2 ** 31).error?.issues[0]?.message).toBe(
      'is too large; it can be at most 2147483647.',
    );
  });
});

describe('whole numbers', () => {
  it('take a JSON number or plain, optionally negative, digits within the range', () => {
    const schema = int32Schema({ min: -10, max: 10 });
    expect(schema.parse(-3)).toBe(-3);
    expect(schema.parse('-3')).toBe(-3);
    expect(schema.safeParse('+3').success).toBe(false);
    expect(schema.safeParse('3e0').success).toBe(false);
    expect(schema.safeParse(true).success).toBe(false);
    expect(schema.safeParse(11).error?.issues[0]?.message).toBe('is too large; it can be at most 10.');
  });
});

describe('dollar amounts', () => {
  it('take a JSON number or a plain decimal, in cents at most', () => {
    expect(dollarAmountSchema.parse(25.5)).toBe(25.5);
    expect(dollarAmountSchema.parse('25.50')).toBe(25.5);
    for (const value of [true, '2.5e1', '+25', '$25', '25,00', [25], Number.POSITIVE_INFINITY]) {
      expect(dollarAmountSchema.safeParse(value).success, String(value)).toBe(false);
    }
    expect(dollarAmountSchema.safeParse(25.555).error?.issues[0]?.message).toBe(
      'Amounts have at most two decimals (cents).',
    );
  });
});
