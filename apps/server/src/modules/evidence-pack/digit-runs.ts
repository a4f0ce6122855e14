// Numbers as people and systems write them, found in any layout: the digits of any script (Unicode
// Nd: ASCII, full-width, Arabic-Indic, ...) with whatever may stand between two digits of one number.
// Used by the SSN redactor, which decides which nine of them are an SSN.

// What may stand between two digits of one number, longest first: JSON's \n \r \t and \uXXXX, a
// percent-escape (%2D), an HTML entity (&ndash; &#8211;), a quoted-printable soft line break; then
// one character: any space or line break, any dash or hyphen (en dash, non-breaking hyphen, ...), the
// minus sign, an invisible format character (zero-width space, soft hyphen), a slash, dot or middle dot.
const SEPARATOR = String.raw`(?:\\[nrt]|\\u[0-9a-fA-F]{4}|%[0-9a-fA-F]{2}|&#?\w{1,8};|=\r?\n|[\s\p{Pd}\p{Cf}\u2212\u00b7\u30fb/\\.])`;
// Up to four of them between two digits ("123 - 45", "45-\r\n67"); more is two numbers.
const RUN = new RegExp(String.raw`\p{Nd}(?:${SEPARATOR}{0,4}\p{Nd})*`, 'gu');
const TOKEN = new RegExp(String.raw`(\p{Nd})|${SEPARATOR}`, 'uy');
const IS_DIGIT = /^\p{Nd}$/u;

// One digit of a run: its value and where it stands in the text.
export type FoundDigit = { value: string; start: number; end: number };
// A run of digits; gaps[i] is what stands between digit i and digit i + 1.
export type DigitRun = { digits: FoundDigit[]; gaps: string[] };

const values = new Map<string, string>();
// A digit's value, 0-9. Unicode encodes decimal digits only in whole 0..9 sequences, so a digit's
// value is its distance from the start of its contiguous block of Nd characters, modulo 10.
export function digitValue(digit: string): string {
  let value = values.get(digit);
  if (value === undefined) {
    const code = digit.codePointAt(0)!;
    let start = code;
    while (IS_DIGIT.test(String.fromCodePoint(start - 1))) start -= 1;
    value = String((code - start) % 10);
    values.set(digit, value);
  }
  return value;
}

// Every run of digits in the text, in order.
export function* digitRuns(text: string): Generator<DigitRun> {
  for (const match of text.matchAll(RUN)) {
    const digits: FoundDigit[] = [];
    const gaps: string[] = [];
    let gap = '';
    let at = 0;
    const run = match[0];
    while (at < run.length) {
      TOKEN.lastIndex = at;
      const token = TOKEN.exec(run)!;
      if (token[1] === undefined) gap += token[0];
      else {
        if (digits.length > 0) gaps.push(gap);
        gap = '';
        const start = match.index + at;
        digits.push({ value: digitValue(token[1]), start, end: start + token[1].length });
      }
      at += token[0].length;
    }
    yield { digits, gaps };
  }
}
