import { describe, expect, it } from 'vitest';
import { TEST_SECRETS_KEY } from '../../testing/test-app.ts';
import { ssnHashOf } from '../customers/index.ts';
import { ssnRedactor } from './ssn-redaction.ts';

// The redactor finds the customer's own nine digits in any layout a person or a system writes them
// (issue 39, section 6), by the SSN's keyed hash (decision 023), never by opening the sealed number.

const SSN = '123456789';
const deps = { secretsKey: TEST_SECRETS_KEY };
const redact = ssnRedactor(deps, { ssnHash: ssnHashOf(deps, SSN), ssnLast4: '6789' });
const MASK = '***-**-6789';

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');
// Whether the nine digits can still be read from a text: in any script (NFKC folds full-width
// digits), once escapes (%2D, &ndash;) and everything else that is not a digit are dropped, or once
// a base64 or hex token is decoded.
function stillHolds(text: string): boolean {
  const digitsOf = (value: string) =>
    value.normalize('NFKC').replace(/[\u0660-\u0669]/g, (digit) => String((digit.codePointAt(0) ?? 0) - 0x0660));
  const decoded = [...text.matchAll(/[A-Za-z0-9+/_-]{8,}={0,2}/g)].flatMap(([token]) => [
    Buffer.from(token, 'base64').toString('latin1'),
    /^(?:[0-9a-f]{2})+$/i.test(token) ? Buffer.from(token, 'hex').toString('latin1') : '',
  ]);
  return [text, ...decoded].some((value) =>
    digitsOf(value.replace(/%[0-9a-f]{2}|&#?\w+;/gi, '-'))
      .replace(/\D/g, '')
      .includes(SSN),
  );
}

const LAYOUTS: ReadonlyArray<[string, string]> = [
  ['as the form writes it', '123-45-6789'],
  ['nine digits', '123456789'],
  ['with spaces', '123 45 6789'],
  ['with en dashes', '123\u201345\u20136789'],
  ['with em dashes', '123\u201445\u20146789'],
  ['with non-breaking hyphens', '123\u201145\u20116789'],
  ['with minus signs', '123\u221245\u22126789'],
  ['with slashes', '123/45/6789'],
  ['with dots', '123.45.6789'],
  ['with non-breaking spaces', '123\u00a045\u00a06789'],
  ['with zero-width spaces', '123\u200b45\u200b6789'],
  ['in full-width digits', '\uff11\uff12\uff13\uff14\uff15\uff16\uff17\uff18\uff19'],
  ['in full-width digits and dashes', '\uff11\uff12\uff13\uff0d\uff14\uff15\uff0d\uff16\uff17\uff18\uff19'],
  ['in Arabic-Indic digits', '\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668\u0669'],
  ['with a space between every digit', '1 2 3 4 5 6 7 8 9'],
  ['with a space and a dash between groups', '123 - 45 - 6789'],
  ['across two lines', '123-45-\n6789'],
  ['across two lines (CRLF, no dash)', '12345\r\n6789'],
  ['across two lines in JSON', '123-45-\\n6789'],
  ['URL-encoded', '123%2D45%2D6789'],
  ['with HTML entities', '123&ndash;45&#8211;6789'],
  ['inside a longer number', 'account 0012345678900'],
  ['in base64', base64('123-45-6789')],
  ['in base64, within a sentence', base64('my social is 123456789 thanks')],
  ['in base64url', base64url('ssn: 123 45 6789 ??>>')],
  ['in hex', hex('123456789')],
];

describe('ssnRedactor', () => {
  it.each(LAYOUTS)('masks the customer\u2019s SSN written %s', (_layout, written) => {
    const text = `Hello, my number is ${written}, please check.`;
    expect(stillHolds(text)).toBe(true);
    const redacted = redact(text);
    expect(stillHolds(redacted), redacted).toBe(false);
    expect(redacted.startsWith('Hello, my number is ')).toBe(true);
    expect(redacted.endsWith(', please check.')).toBe(true);
  });

  it('shows the last four digits where the number was', () => {
    expect(redact('SSN 123\u201345\u20136789.')).toBe(`SSN ${MASK}.`);
    expect(redact('1 2 3 4 5 6 7 8 9')).toBe(MASK);
    expect(Buffer.from(redact(base64('SSN 123-45-6789')), 'base64').toString('utf8')).toBe(`SSN ${MASK}`);
  });

  it("masks anyone's number written as an SSN (3-2-4 with dashes of any kind), and leaves other numbers", () => {
    expect(redact('Hers 987-65-4321, his 987\u201365\u20134320')).toBe('Hers ***-**-4321, his ***-**-4320');
    const untouched = [
      'Call 555 867 5309 or (415) 555-0100',
      'Due 2026-11-21, paid $1,234.56 on loan 12345',
      'Someone else: 987654321 and 9 8 7 6 5 4 3 2 1',
      base64('Someone else: 987654321'),
      'Reference 98765432109876543210',
    ];
    for (const text of untouched) expect(redact(text)).toBe(text);
  });

  it('never masks without the keyed hash to compare with, except the SSN layout', () => {
    const blind = ssnRedactor({ secretsKey: null }, { ssnHash: ssnHashOf(deps, SSN), ssnLast4: '6789' });
    expect(blind('123 45 6789 and 123-45-6789')).toBe(`123 45 6789 and ${MASK}`);
  });
});
