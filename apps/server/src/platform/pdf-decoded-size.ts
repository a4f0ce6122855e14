import { constants, inflateRawSync } from 'node:zlib';

// How large a PDF's streams become once their filters are undone, measured before pdf.js sees the
// file, each stream decoded under what is left of a budget (zlib's maxOutputLength), so a
// decompression bomb (a 2.4 KB stream Flate-compressed twice that becomes gigabytes) is refused
// after at most `limit` bytes. Every stream counts, whatever its dictionary says it is, and every
// stage of a filter chain; filters we do not decode here (LZW, image codecs, encryption) end the
// measure of that stream, and the reader's memory cap stops what they might hide.

type Stage = Buffer | 'over' | null;

const STREAM = /stream(?:\r\n|\n|\r)/g;
const FILTER = /\/Filter\s*(?:\[([^\]]*)\]|(\/[^\s/[\]<>()]+))/;
const NAME = /\/([^\s/[\]<>()]+)/g;
const DIRECT_LENGTH = /\/Length\s+(\d+)(?!\s+\d+\s+R)/;
// How far back from the stream keyword its dictionary is looked for.
const DICTIONARY_WINDOW = 16_384;

// The decoded bytes of all the streams (every stage counted), or 'over' once past the limit.
export function measureDecodedStreams(pdf: Uint8Array, limit: number): number | 'over' {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const text = bytes.toString('latin1');
  let total = 0;
  STREAM.lastIndex = 0;
  for (let match = STREAM.exec(text); match; match = STREAM.exec(text)) {
    if (text.slice(match.index - 3, match.index) === 'end') continue;
    const start = match.index + match[0].length;
    const before = text.slice(Math.max(0, match.index - DICTIONARY_WINDOW), match.index);
    const dictionary = before.slice(Math.max(0, before.lastIndexOf(' obj') + 1));
    const filters = filtersOf(dictionary);
    if (filters.length === 0) continue;
    const length = Number(DIRECT_LENGTH.exec(dictionary)?.[1] ?? NaN);
    const endstream = text.indexOf('endstream', start);
    const end =
      Number.isSafeInteger(length) && start + length <= bytes.length
        ? start + length
        : endstream >= 0
          ? endstream
          : bytes.length;
    let data: Buffer = bytes.subarray(start, end);
    for (const filter of filters) {
      const decoded = decodeStage(filter, data, limit - total);
      if (decoded === 'over') return 'over';
      if (decoded === null) break;
      total += decoded.length;
      data = decoded;
    }
    if (total > limit) return 'over';
  }
  return total;
}

function filtersOf(dictionary: string): string[] {
  const match = FILTER.exec(dictionary);
  if (!match) return [];
  return [...(match[1] ?? match[2] ?? '').matchAll(NAME)].map((name) => name[1] ?? '');
}

function decodeStage(filter: string, data: Buffer, room: number): Stage {
  if (room <= 0) return 'over';
  switch (filter) {
    case 'FlateDecode':
    case 'Fl':
      return inflate(data, room);
    case 'ASCIIHexDecode':
    case 'AHx':
      return decodeHex(data);
    case 'ASCII85Decode':
    case 'A85':
      return decode85(data, room);
    case 'RunLengthDecode':
    case 'RL':
      return decodeRunLength(data, room);
    default:
      return null;
  }
}

// As pdf.js reads it: the zlib header checked, the deflate data inflated, the checksum not read
// (a wrong one stops nothing), a stream cut short yielding what it holds.
function inflate(data: Buffer, room: number): Stage {
  if (data.length < 2 || (data[0]! & 0x0f) !== 8 || ((data[0]! << 8) | data[1]!) % 31 !== 0) return null;
  try {
    return inflateRawSync(data.subarray(2), { maxOutputLength: room, finishFlush: constants.Z_SYNC_FLUSH });
  } catch (error) {
    return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'over' : null;
  }
}

function decodeHex(data: Buffer): Buffer {
  const end = data.indexOf('>');
  const digits = data
    .subarray(0, end < 0 ? data.length : end)
    .toString('latin1')
    .replace(/[^0-9A-Fa-f]/g, '');
  return Buffer.from(digits.length % 2 === 0 ? digits : `${digits}0`, 'hex');
}

function decode85(data: Buffer, room: number): Stage {
  const end = data.indexOf('~>');
  const source = data.subarray(0, end < 0 ? data.length : end).toString('latin1');
  const out: number[] = [];
  let group: number[] = [];
  const flush = (count: number) => {
    while (group.length < 5) group.push(84);
    let value = 0;
    for (const digit of group) value = value * 85 + digit;
    for (let index = 0; index < count; index += 1) out.push((value >>> (24 - 8 * index)) & 0xff);
    group = [];
  };
  for (const character of source) {
    if (out.length > room) return 'over';
    if (character === 'z' && group.length === 0) out.push(0, 0, 0, 0);
    else {
      const code = character.charCodeAt(0) - 33;
      if (code < 0 || code > 84) continue;
      group.push(code);
      if (group.length === 5) flush(4);
    }
  }
  if (group.length > 1) flush(group.length - 1);
  return out.length > room ? 'over' : Buffer.from(out);
}

function decodeRunLength(data: Buffer, room: number): Stage {
  const chunks: Buffer[] = [];
  let size = 0;
  for (let index = 0; index < data.length;) {
    const length = data[index]!;
    if (length === 128) break;
    if (length < 128) {
      const chunk = data.subarray(index + 1, index + 2 + length);
      chunks.push(chunk);
      size += chunk.length;
      index += 2 + length;
    } else {
      const count = 257 - length;
      chunks.push(Buffer.alloc(count, data[index + 1] ?? 0));
      size += count;
      index += 2;
    }
    if (size > room) return 'over';
  }
  return Buffer.concat(chunks, size);
}
