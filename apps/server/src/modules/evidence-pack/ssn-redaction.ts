import { maskSsn } from '@portal/contracts';
import { ssnHashesOf } from '../customers/index.ts';
import type { EvidencePackDeps } from './deps.ts';
import { digitRuns, type DigitRun } from './digit-runs.ts';

// No whole SSN leaves in a pack (FCRA/GLBA care): the profile carries the last four digits only,
// and every text file goes through this before it is zipped, because a customer may have typed
// their number into a message, or a bureau or court sent one in a field kept as it came.
// - Nine digits laid out as an SSN (3-2-4 joined by dashes of any kind: 123-45-6789, 123–45–6789)
//   become ***-**-6789 whoever's they are.
// - The customer's own nine digits become ***-**-NNNN in any layout (digit-runs.ts: any script's
//   digits, spaces, line breaks, dashes, slashes, invisible characters, escapes between them, inside
//   a longer number too) and inside a base64 or hex token (decoded, masked, encoded again). They are
//   known by the SSN's keyed hash (decision 023), so the sealed number is never opened to look for
//   them; the stored last four digits pick the few candidates worth hashing.

export type Redact = (text: string) => string;
export type CustomerSsn = { ssnHash: string | null; ssnLast4: string | null };

const DASH = /^[\p{Pd}\u2212]$/u;
// A base64 (or base64url) token long enough to hold nine digits, and a hex one.
const BASE64_TOKEN = /(?<![\w+/-])[A-Za-z0-9+/_-]{12,}={0,2}/g;
const HEX_TOKEN = /(?<![\w])(?:[0-9a-fA-F]{2}){9,}(?![\w])/g;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

// Digits i..i+8 of the run stand alone (not glued to a digit beside them) as 3-2-4 with dashes.
function isSsnLayout(run: DigitRun, i: number): boolean {
  const gaps = run.gaps.slice(i, i + 8);
  const alone = (gap: string | undefined) => gap === undefined || gap !== '';
  return (
    gaps.every((gap, at) => (at === 2 || at === 4 ? DASH.test(gap) : gap === '')) &&
    alone(run.gaps[i - 1]) &&
    alone(run.gaps[i + 8])
  );
}

export function ssnRedactor(deps: Pick<EvidencePackDeps, 'secretsKey'>, customer: CustomerSsn): Redact {
  // Without SECRETS_KEY no hash can be compared (and no SSN was stored whole to compare with).
  const canCompare = customer.ssnHash !== null && deps.secretsKey !== null;
  const known = new Map<string, boolean>();
  const isCustomers = (digits: string) => {
    if (!canCompare || (customer.ssnLast4 !== null && !digits.endsWith(customer.ssnLast4))) return false;
    let answer = known.get(digits);
    if (answer === undefined) {
      // Under the new key or, while one is rolled out, the old (decision 072).
      answer = customer.ssnHash !== null && ssnHashesOf(deps, digits).includes(customer.ssnHash);
      known.set(digits, answer);
    }
    return answer;
  };

  // Plain text: each nine digits in a run that are the customer's, or laid out as an SSN, masked
  // from their first digit to their last.
  const redactPlain = (text: string): string => {
    const spans: Array<{ start: number; end: number; mask: string }> = [];
    for (const run of digitRuns(text)) {
      for (let i = 0; i + 9 <= run.digits.length;) {
        const window = run.digits.slice(i, i + 9);
        const digits = window.map((digit) => digit.value).join('');
        if (isCustomers(digits) || isSsnLayout(run, i)) {
          spans.push({ start: window[0]!.start, end: window[8]!.end, mask: maskSsn(digits.slice(5)) ?? '' });
          i += 9;
        } else i += 1;
      }
    }
    let out = '';
    let at = 0;
    for (const span of spans) {
      out += text.slice(at, span.start) + span.mask;
      at = span.end;
    }
    return spans.length === 0 ? text : out + text.slice(at);
  };

  // An encoded token whose text holds an SSN is replaced by the encoding of the masked text.
  const redactEncoded = (token: string, decode: (token: string) => Buffer, encode: (bytes: Buffer) => string) => {
    let decoded: string;
    try {
      decoded = strictUtf8.decode(decode(token));
    } catch {
      return token;
    }
    const masked = redactPlain(decoded);
    return masked === decoded ? token : encode(Buffer.from(masked, 'utf8'));
  };

  return (text) =>
    redactPlain(
      text
        .replace(BASE64_TOKEN, (token) =>
          redactEncoded(
            token,
            (value) => Buffer.from(value, 'base64'),
            (bytes) => bytes.toString(/[-_]/.test(token) ? 'base64url' : 'base64'),
          ),
        )
        .replace(HEX_TOKEN, (token) =>
          redactEncoded(
            token,
            (value) => Buffer.from(value, 'hex'),
            (bytes) => bytes.toString('hex'),
          ),
        ),
    );
}
