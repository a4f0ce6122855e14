import { z } from 'zod';

// The building blocks every domain's contract uses: ids, whole numbers, dates, timestamps and
// dollar amounts, and the few shapes several domains share.

// The ranges of PostgreSQL's integer types as a caller's number can reach them. A number past its
// column's range is a database error (a 500) if it gets that far, so every integer a caller sends
// is bounded here, at the edge, with a 400 that names the field.
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;
// A bigint column holds more than a JSON number can say exactly: ids stop at 2^53 - 1.
export const BIGINT_ID_MAX = Number.MAX_SAFE_INTEGER;

// Lowercase, so the error handler puts the field's name in front ("macro_id: is too large; ...").
export const tooLargeMessage = (max: number) => `is too large; it can be at most ${max}.`;
export const tooSmallMessage = (min: number) => `is too small; it must be at least ${min}.`;

// zod's int() refuses a number beyond +-2^53 as too big or too small: say so in the words of max()
// and min(), not "not a whole number".
function wholeNumberError(words: { notWhole: string; tooSmall: string; tooLarge: string }) {
  return (issue: { code?: string }) =>
    issue.code === 'too_big' ? words.tooLarge : issue.code === 'too_small' ? words.tooSmall : words.notWhole;
}

// A number arrives as a JSON number, or (in a query string, or from a lenient client) as plain
// digits, with a minus at most (so "-3" is refused as not positive, in those words): nothing else
// is read as one. z.coerce read true as 1, "0x10" as 16, "1e1" as 10, " 1",
// "+1" and [2] as numbers, so PATCH toggle_ach {"loan_id": true} toggled loan 1. What is not a
// number or plain digits is handed on as it is, and the number schema refuses it with a 400.
const PLAIN_SIGNED_DIGITS = /^-?\d{1,30}$/;
const PLAIN_DECIMAL = /^\d{1,15}(\.\d{1,15})?$/;

// Typed as taking a number, so that for our own callers the schema's input is a number.
function readNumber(plain: RegExp): (value: number) => unknown {
  return (value: unknown) => (typeof value === 'string' && plain.test(value) ? Number(value) : value);
}

export function strictNumber<Schema extends z.ZodNumber>(plain: RegExp, schema: Schema) {
  return z.preprocess(readNumber(plain), schema);
}

function idUpTo(max: number) {
  const words = {
    notWhole: 'An id must be a whole number.',
    tooSmall: 'An id must be positive.',
    tooLarge: tooLargeMessage(max),
  };
  return strictNumber(
    PLAIN_SIGNED_DIGITS,
    z
      .number({ error: 'An id must be a number.' })
      .int({ error: wholeNumberError(words) })
      .positive(words.tooSmall)
      .max(max, words.tooLarge),
  );
}

// The id of a row whose key is an integer column (macros, employees, roles).
export const databaseIdSchema = idUpTo(INT32_MAX);
// The id of a row whose key is a bigint column (tickets, messages, customers, loans, payments).
export const bigDatabaseIdSchema = idUpTo(BIGINT_ID_MAX);

// Any other whole number a caller sends that lands in an integer column: within min..max, which
// default to the column's own range.
export function int32Schema({ min = INT32_MIN, max = INT32_MAX }: { min?: number; max?: number } = {}) {
  if (min < INT32_MIN || max > INT32_MAX || min > max)
    throw new RangeError(`int32: ${min}..${max} is not within an integer column's range.`);
  const words = { notWhole: 'must be a whole number.', tooSmall: tooSmallMessage(min), tooLarge: tooLargeMessage(max) };
  return strictNumber(
    PLAIN_SIGNED_DIGITS,
    z
      .number({ error: 'must be a number.' })
      .int({ error: wholeNumberError(words) })
      .min(min, words.tooSmall)
      .max(max, words.tooLarge),
  );
}

// Names and subjects are one line of text: a control character (Unicode Cc: tab, line feed,
// carriage return, escape, NUL, DEL, ...) in one would break a header, a CSV row, a log line or the
// screen it is shown on, so they are refused (issue 27). Bodies, where a line break is legitimate,
// do not use this.
export const CONTROL_CHARACTER = /\p{Cc}/u;
export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}
export const controlCharacterMessage = (field: string) =>
  `${field} must not contain control characters (such as tabs or line breaks).`;
// A schema of one-line text that refuses control characters with a sentence naming the field.
export function singleLine(schema: z.ZodString, field: string) {
  return schema.refine((text) => !hasControlCharacter(text), controlCharacterMessage(field));
}

// Text a person must fill in, trimmed: missing or blank, it is refused with the same sentence.
export const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

// A date a caller sends: YYYY-MM-DD (read in the business time zone by the server).
export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD.');
// An instant the server answers, ISO 8601 UTC; null where it has not happened (paid, archived, ...).
export const nullableTimestampSchema = z.string().nullable();

// A dollar amount as a caller may send it: a positive number with at most two decimals.
export const dollarAmountSchema = strictNumber(
  PLAIN_DECIMAL,
  z
    .number({ error: 'Enter an amount in dollars.' })
    .positive('The amount must be more than $0.')
    .max(1_000_000, 'The amount must be at most $1,000,000.'),
).refine(
  (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
  'Amounts have at most two decimals (cents).',
);

// {id} of a ticket: the body or query of every call that reads or acts on one ticket (its state,
// its customer's info and loans, a password reset for its customer).
export const ticketIdRequestSchema = z.object({ id: bigDatabaseIdSchema });
export type TicketIdRequest = z.input<typeof ticketIdRequestSchema>;

// Every account action answers what changed in words, and the web app refetches the ticket.
export const actionResponseSchema = z.object({ message: z.string() });
export type ActionResponse = z.infer<typeof actionResponseSchema>;

// A failed file of an upload, named as it was sent (every upload answers its failures so).
export const uploadFailureSchema = z.object({ file_name: z.string(), error: z.string() });
export type UploadFailure = z.infer<typeof uploadFailureSchema>;
export const successResponseSchema = z.object({ success: z.boolean() });
