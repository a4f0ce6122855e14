// What the customer's timeline never shows (issue 40): SSN digits and bank account numbers. Its
// sentences are made from the audit's values by a list of safe fields (timeline-sentences.ts), and
// every text it shows (message and note excerpts, sentences) goes through these too, because a
// customer or an employee may have typed a number into a message, a note or a reason.

// Nine digits laid out as an SSN (3-2-4, joined by dashes, en dashes or spaces), standing alone.
const SSN_LAYOUT =
  /(?<![\p{Nd}])\p{Nd}{3}[\s\-\u2010-\u2015\u2212]\p{Nd}{2}[\s\-\u2010-\u2015\u2212](\p{Nd}{4})(?![\p{Nd}])/gu;
// Nine digits in a row, standing alone: an SSN written without separators.
const NINE_DIGITS = /(?<![\p{Nd}])\p{Nd}{5}(\p{Nd}{4})(?![\p{Nd}])/gu;
// Nine or more digits in a row: an SSN, or a bank account or card number.
const LONG_NUMBER = /(?<![\p{Nd}])\p{Nd}{5,}(\p{Nd}{4})(?![\p{Nd}])/gu;

// An SSN as the screens show one: its last four digits only.
export function maskSsnLike(text: string): string {
  return text.replace(SSN_LAYOUT, '***-**-$1').replace(NINE_DIGITS, '***-**-$1');
}

// The same, and any number of nine digits or more (an account or card number) cut to its last four.
export function maskLongNumbers(text: string): string {
  return maskSsnLike(text).replace(
    LONG_NUMBER,
    (whole: string, last4: string) => `${'*'.repeat(whole.length - 4)}${last4}`,
  );
}
