import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  gsmSeptets,
  nonGsmCharacters,
  SMS_SEGMENT_LIMITS,
  smsEncoding,
  smsSegments,
  smsSegmentsSentence,
  type SmsEncoding,
} from './sms-segments.ts';

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '\f^{}\\[~]|€';
const count = (text: string) => smsSegments(text).segments.length;
const units = (text: string, encoding: SmsEncoding) =>
  [...text].reduce((total, c) => total + (encoding === 'GSM-7' ? (gsmSeptets(c) ?? 1) : c.length), 0);

describe('gsmSeptets', () => {
  it('knows the 127 characters of the default alphabet (the escape aside) and the 10 of the extension table', () => {
    expect([...GSM_BASIC]).toHaveLength(127);
    for (const c of GSM_BASIC) expect(gsmSeptets(c)).toBe(1);
    for (const c of GSM_EXTENDED) expect(gsmSeptets(c)).toBe(2);
  });

  it('has no septet for what GSM cannot carry: curly quotes, most accents, emoji, the escape itself', () => {
    for (const c of ['’', '“', 'ç', 'á', 'õ', '😀', 'ж', '\t', '\u001b', '`']) expect(gsmSeptets(c)).toBeNull();
  });
});

describe('smsSegments: GSM-7', () => {
  it('is one text up to 160 septets, then segments of 153', () => {
    expect(smsSegments('')).toMatchObject({ encoding: 'GSM-7', units: 0, segments: [], left: 160 });
    expect(count('a')).toBe(1);
    expect(count('a'.repeat(160))).toBe(1);
    expect(smsSegments('a'.repeat(160))).toMatchObject({ perSegment: 160, left: 0 });
    expect(count('a'.repeat(161))).toBe(2);
    expect(smsSegments('a'.repeat(161))).toMatchObject({ perSegment: 153, left: 145 });
    expect(count('a'.repeat(306))).toBe(2);
    expect(count('a'.repeat(307))).toBe(3);
    expect(count('a'.repeat(459))).toBe(3);
    expect(count('a'.repeat(460))).toBe(4);
  });

  it('counts an extension character as two septets', () => {
    expect(smsSegments('€')).toMatchObject({ encoding: 'GSM-7', units: 2 });
    expect(smsSegments('{x}')).toMatchObject({ encoding: 'GSM-7', units: 5 });
    expect(count('€'.repeat(80))).toBe(1);
    expect(count('€'.repeat(80) + 'a')).toBe(2);
    expect(count('a'.repeat(159) + '^')).toBe(2);
  });

  it('never splits an escaped character across segments', () => {
    const text = `${'a'.repeat(152)}€${'a'.repeat(10)}`;
    const split = smsSegments(text);
    expect(split.units).toBe(164);
    expect(split.segments).toEqual(['a'.repeat(152), `€${'a'.repeat(10)}`]);
    // 153 escaped characters are 306 septets, but two segments of 153 cannot hold them whole.
    expect(count('€'.repeat(153))).toBe(3);
  });

  it('keeps accents GSM has (é, ü, Ñ) in GSM-7', () => {
    expect(smsEncoding('Café für Ñoño, 5 £ à côté')).toBe('UCS-2');
    expect(smsEncoding('Café für Ñoño, 5 £ à')).toBe('GSM-7');
  });
});

describe('smsSegments: UCS-2', () => {
  it('is one text up to 70 code units, then segments of 67, when one character is outside GSM', () => {
    expect(smsSegments('It’s done')).toMatchObject({ encoding: 'UCS-2', units: 9, unicodeCharacters: ['’'] });
    expect(count('ж'.repeat(70))).toBe(1);
    expect(count('ж'.repeat(71))).toBe(2);
    expect(count('ж'.repeat(134))).toBe(2);
    expect(count('ж'.repeat(135))).toBe(3);
    // One curly apostrophe makes a 100-letter text two texts instead of one.
    expect(count(`${'a'.repeat(99)}’`)).toBe(2);
  });

  it('counts an emoji beyond the BMP as two units and never splits it', () => {
    expect(smsSegments('😀')).toMatchObject({ encoding: 'UCS-2', units: 2 });
    const text = `${'ж'.repeat(66)}😀${'ж'.repeat(5)}`;
    expect(smsSegments(text).segments).toEqual(['ж'.repeat(66), `😀${'ж'.repeat(5)}`]);
  });

  it('counts GSM extension characters as one unit in UCS-2', () => {
    expect(smsSegments('€ 😀')).toMatchObject({ encoding: 'UCS-2', units: 4 });
  });
});

describe('nonGsmCharacters', () => {
  it('lists each character that forces UCS-2 once, in order', () => {
    expect(nonGsmCharacters('“Hi” it’s 😀 😀')).toEqual(['“', '”', '’', '😀']);
  });
});

describe('smsSegmentsSentence', () => {
  it('says how many texts, in which encoding and why', () => {
    expect(smsSegmentsSentence('Hello')).toBe('1 text (GSM-7): 5 of 160 characters.');
    expect(smsSegmentsSentence('a'.repeat(200))).toBe(
      '2 texts (GSM-7): 200 characters, 153 a text; 106 left in the last.',
    );
    expect(smsSegmentsSentence('It’s 😀')).toBe('1 text (UCS-2, because of ’ 😀): 7 of 70 characters.');
  });
});

// Properties over any text, GSM-only texts and texts with one character outside GSM.
const gsmText = fc.string({ unit: fc.constantFrom(...GSM_BASIC, ...GSM_EXTENDED), maxLength: 800 });
const basicGsmText = fc.string({ unit: fc.constantFrom(...GSM_BASIC), maxLength: 800 });
const anyText = fc.string({ unit: 'binary', maxLength: 600 });
const bmpNonGsm = fc.constantFrom('ж', '’', '“', 'ç', '中', 'ə');

describe('smsSegments: properties', () => {
  it('splits any text into segments that join back to it, each within its limit', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const split = smsSegments(text);
        expect(split.segments.join('')).toBe(text);
        const limit = SMS_SEGMENT_LIMITS[split.encoding];
        const capacity = split.segments.length <= 1 ? limit.single : limit.multi;
        for (const segment of split.segments) expect(units(segment, split.encoding)).toBeLessThanOrEqual(capacity);
        expect(split.perSegment).toBe(capacity);
        expect(split.units).toBe(units(text, split.encoding));
        expect(split.segments.every((segment) => segment !== '')).toBe(true);
      }),
    );
  });

  it('is GSM-7 exactly when every character has septets, and counts extension characters twice', () => {
    fc.assert(
      fc.property(gsmText, (text) => {
        const split = smsSegments(text);
        expect(split.encoding).toBe('GSM-7');
        const extended = [...text].filter((c) => GSM_EXTENDED.includes(c)).length;
        expect(split.units).toBe([...text].length + extended);
      }),
    );
  });

  it('fills each segment before starting the next (no segment could have taken the next character)', () => {
    fc.assert(
      fc.property(fc.oneof(gsmText, anyText), (text) => {
        const split = smsSegments(text);
        const limit = SMS_SEGMENT_LIMITS[split.encoding];
        if (split.segments.length < 2) return;
        for (let index = 0; index < split.segments.length - 1; index += 1) {
          const next = [...(split.segments[index + 1] ?? '')][0] ?? '';
          const used = units(split.segments[index] ?? '', split.encoding);
          expect(used + units(next, split.encoding)).toBeGreaterThan(limit.multi);
        }
      }),
    );
  });

  it('counts plain GSM text as 0, 1 up to 160, else ceil(n / 153)', () => {
    fc.assert(
      fc.property(basicGsmText, (text) => {
        const n = [...text].length;
        expect(count(text)).toBe(n === 0 ? 0 : n <= 160 ? 1 : Math.ceil(n / 153));
      }),
    );
  });

  it('counts GSM text with escapes between ceil(units / 153) and ceil(units / 152)', () => {
    fc.assert(
      fc.property(gsmText, (text) => {
        const split = smsSegments(text);
        if (split.units <= 160) {
          expect(split.segments.length).toBe(split.units === 0 ? 0 : 1);
          return;
        }
        expect(split.segments.length).toBeGreaterThanOrEqual(Math.ceil(split.units / 153));
        expect(split.segments.length).toBeLessThanOrEqual(Math.ceil(split.units / 152));
      }),
    );
  });

  it('counts BMP text with a character outside GSM as 1 up to 70, else ceil(n / 67)', () => {
    fc.assert(
      fc.property(basicGsmText, bmpNonGsm, fc.nat(), (text, odd, at) => {
        const characters = [...text];
        characters.splice(at % (characters.length + 1), 0, odd);
        const withOdd = characters.join('');
        const n = withOdd.length;
        expect(smsEncoding(withOdd)).toBe('UCS-2');
        expect(count(withOdd)).toBe(n <= 70 ? 1 : Math.ceil(n / 67));
      }),
    );
  });

  it('never needs fewer texts for a longer text', () => {
    fc.assert(
      fc.property(fc.oneof(gsmText, anyText), fc.oneof(gsmText, anyText), (text, more) => {
        expect(count(text + more)).toBeGreaterThanOrEqual(count(text));
      }),
    );
  });
});
