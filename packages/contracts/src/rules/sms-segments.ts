// How many texts a message is, as the carriers count them (3GPP TS 23.038 and 23.040), for the
// reply box's preview: the customer gets one text per segment, and every segment is billed.
//
// - GSM-7 when every character is in the GSM 7-bit default alphabet or its extension table; a
//   character of the extension table (form feed ^ { } \ [ ~ ] | €) takes two septets (an escape,
//   then the character). One text holds 160 septets; a longer message is split into segments of
//   153 (7 go to the concatenation header).
// - UCS-2 as soon as one character is outside it (an emoji, a curly quote ’, most accents but
//   the few GSM has): one text holds 70 UTF-16 code units, a segment of a longer one 67. A
//   character beyond the Basic Multilingual Plane (most emoji) takes two.
// - A segment never ends inside a character: an escaped GSM character or a surrogate pair that
//   would not fit goes whole to the next segment, as senders do, so a long message can need one
//   segment more than its length divided by 153 (or 67).

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export const SMS_SEGMENT_LIMITS = {
  'GSM-7': { single: 160, multi: 153 },
  'UCS-2': { single: 70, multi: 67 },
} as const satisfies Record<SmsEncoding, { single: number; multi: number }>;

const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENDED = new Set('\f^{}\\[~]|€');

// Septets a character takes in GSM-7 (1, or 2 for the extension table), or null when it has none.
export function gsmSeptets(character: string): 1 | 2 | null {
  if (GSM_BASIC.has(character)) return 1;
  if (GSM_EXTENDED.has(character)) return 2;
  return null;
}

// The characters of the text (code points) that GSM-7 cannot carry, each once, in order.
export function nonGsmCharacters(text: string): string[] {
  return [...new Set([...text].filter((character) => gsmSeptets(character) === null))];
}

export function smsEncoding(text: string): SmsEncoding {
  return nonGsmCharacters(text).length === 0 ? 'GSM-7' : 'UCS-2';
}

// The units a character takes in the encoding: septets, or UTF-16 code units.
function unitsOf(character: string, encoding: SmsEncoding): number {
  return encoding === 'GSM-7' ? (gsmSeptets(character) ?? 1) : character.length;
}

export type SmsSegments = {
  encoding: SmsEncoding;
  // Septets (GSM-7) or UTF-16 code units (UCS-2) of the whole text.
  units: number;
  // The text as the carriers split it; joined, they give the text back. None for an empty text.
  segments: string[];
  // Units a segment holds: 160 or 70 for a single text, 153 or 67 for each segment of a longer one.
  perSegment: number;
  // Units still free in the last segment before another text is needed.
  left: number;
  // The characters that made it UCS-2 (none for GSM-7).
  unicodeCharacters: string[];
};

export function smsSegments(text: string): SmsSegments {
  const unicodeCharacters = nonGsmCharacters(text);
  const encoding: SmsEncoding = unicodeCharacters.length === 0 ? 'GSM-7' : 'UCS-2';
  const limits = SMS_SEGMENT_LIMITS[encoding];
  const characters = [...text];
  const units = characters.reduce((total, character) => total + unitsOf(character, encoding), 0);
  if (units <= limits.single) {
    return {
      encoding,
      units,
      segments: text === '' ? [] : [text],
      perSegment: limits.single,
      left: limits.single - units,
      unicodeCharacters,
    };
  }
  const segments: string[] = [];
  let current = '';
  let used = 0;
  for (const character of characters) {
    const size = unitsOf(character, encoding);
    if (used + size > limits.multi) {
      segments.push(current);
      current = '';
      used = 0;
    }
    current += character;
    used += size;
  }
  segments.push(current);
  return { encoding, units, segments, perSegment: limits.multi, left: limits.multi - used, unicodeCharacters };
}

// The sentence under the preview: "1 text (GSM-7): 45 of 160 characters." or "3 texts (UCS-2,
// because of ’ and 😀): 150 characters, 67 a text."
export function smsSegmentsSentence(text: string): string {
  const count = smsSegments(text);
  const n = count.segments.length;
  const texts = `${n} ${n === 1 ? 'text' : 'texts'}`;
  const why =
    count.encoding === 'UCS-2'
      ? `UCS-2, because of ${count.unicodeCharacters.slice(0, 3).join(' ')}${count.unicodeCharacters.length > 3 ? ' …' : ''}`
      : 'GSM-7';
  if (n <= 1) return `${texts} (${why}): ${count.units} of ${count.perSegment} characters.`;
  return `${texts} (${why}): ${count.units} characters, ${count.perSegment} a text; ${count.left} left in the last.`;
}
