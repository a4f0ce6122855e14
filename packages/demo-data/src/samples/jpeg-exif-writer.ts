// When a photo was taken, as cameras record it: an EXIF block (APP1 segment in a JPEG) with the
// DateTime tag of IFD0 and DateTimeOriginal of the Exif IFD. The demo stamps its drawn photos
// with it (and tests their uploads) so reviewers see a capture date as they would on a real
// upload; the server reads it back with exifr (apps/server/src/platform/jpeg-exif.ts).

const SOI = 0xd8;
const SOS = 0xda;
const EOI = 0xd9;
const APP1 = 0xe1;
const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');

// EXIF 2.3 tag numbers and field types.
const TAG_DATE_TIME = 0x0132;
const TAG_EXIF_IFD_POINTER = 0x8769;
const TAG_EXIF_VERSION = 0x9000;
const TAG_DATE_TIME_ORIGINAL = 0x9003;
const TYPE_ASCII = 2;
const TYPE_LONG = 4;
const TYPE_UNDEFINED = 7;

const ENTRY_SIZE = 12;
// 'YYYY:MM:DD HH:MM:SS' and its NUL: the fixed count the standard gives every date tag.
const DATE_SIZE = 20;

const DATE_TIME = /^(\d{4})([-:])(\d{2})\2(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

// The EXIF spelling of a date and time ('YYYY:MM:DD HH:MM:SS'), after checking that it is one.
function exifDateTime(dateTime: string): string {
  const match = DATE_TIME.exec(dateTime);
  if (!match) throw new RangeError(`Not a date and time (YYYY-MM-DD HH:MM:SS): ${JSON.stringify(dateTime)}`);
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = [1, 3, 4, 5, 6, 7].map((group) =>
    Number(match[group]),
  );
  // Dates roll 02-30 over into March; a real date comes back with the same fields.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  const realDay = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (year < 1 || !realDay || hour > 23 || minute > 59 || second > 59) {
    throw new RangeError(`Not a date and time (YYYY-MM-DD HH:MM:SS): ${JSON.stringify(dateTime)}`);
  }
  return dateTime.replace(/-/g, ':');
}

// The TIFF structure inside the APP1 segment, little-endian. Offsets count from the first byte of
// the TIFF header ("II"), not from the segment:
//   0   header: 'II', 42, offset of IFD0 (8)
//   8   IFD0: 2 entries (DateTime, ExifIFD pointer), next-IFD offset 0
//   38  DateTime value (20 bytes)
//   58  Exif IFD: 2 entries (ExifVersion, DateTimeOriginal), next-IFD offset 0
//   88  DateTimeOriginal value (20 bytes)
// Entries are in ascending tag order, and every offset is even, as the standard asks.
function tiffBlock(dateTime: string): Buffer {
  const ifd0 = 8;
  const ifdSize = (entries: number) => 2 + entries * ENTRY_SIZE + 4;
  const dateTimeValue = ifd0 + ifdSize(2);
  const exifIfd = dateTimeValue + DATE_SIZE;
  const originalValue = exifIfd + ifdSize(2);
  const tiff = Buffer.alloc(originalValue + DATE_SIZE);

  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(ifd0, 4);

  const entry = (at: number, tag: number, type: number, count: number, value: number | Buffer) => {
    tiff.writeUInt16LE(tag, at);
    tiff.writeUInt16LE(type, at + 2);
    tiff.writeUInt32LE(count, at + 4);
    // A value of 4 bytes or fewer sits in the entry itself, left-aligned; a longer one is an offset.
    if (typeof value === 'number') tiff.writeUInt32LE(value, at + 8);
    else value.copy(tiff, at + 8);
  };

  tiff.writeUInt16LE(2, ifd0);
  entry(ifd0 + 2, TAG_DATE_TIME, TYPE_ASCII, DATE_SIZE, dateTimeValue);
  entry(ifd0 + 2 + ENTRY_SIZE, TAG_EXIF_IFD_POINTER, TYPE_LONG, 1, exifIfd);
  tiff.writeUInt32LE(0, ifd0 + 2 + 2 * ENTRY_SIZE);
  tiff.write(dateTime, dateTimeValue, 'latin1'); // the NUL after it is the buffer's zero fill

  tiff.writeUInt16LE(2, exifIfd);
  // ExifVersion is mandatory in an Exif IFD; '0230' is EXIF 2.3.
  entry(exifIfd + 2, TAG_EXIF_VERSION, TYPE_UNDEFINED, 4, Buffer.from('0230', 'latin1'));
  entry(exifIfd + 2 + ENTRY_SIZE, TAG_DATE_TIME_ORIGINAL, TYPE_ASCII, DATE_SIZE, originalValue);
  tiff.writeUInt32LE(0, exifIfd + 2 + 2 * ENTRY_SIZE);
  tiff.write(dateTime, originalValue, 'latin1');

  return tiff;
}

function exifSegment(dateTime: string): Buffer {
  const payload = Buffer.concat([EXIF_HEADER, tiffBlock(dateTime)]);
  const header = Buffer.alloc(4);
  header[0] = 0xff;
  header[1] = APP1;
  // The length counts itself and the payload, not the marker.
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

// The header segments of a JPEG (between SOI and the first scan) as [start, end) ranges, so an
// existing Exif segment can be left out. Stops quietly at anything it does not understand: the
// rest of the file is then copied as it is.
function headerSegments(jpeg: Buffer): Array<{ start: number; end: number; marker: number }> {
  const segments: Array<{ start: number; end: number; marker: number }> = [];
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1]!;
    if (marker === SOS || marker === EOI || marker === 0xff || marker === 0x00) break;
    // RSTn and TEM stand alone, without a length.
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      segments.push({ start: at, end: at + 2, marker });
      at += 2;
      continue;
    }
    const end = at + 2 + jpeg.readUInt16BE(at + 2);
    if (end > jpeg.length) break;
    segments.push({ start: at, end, marker });
    at = end;
  }
  return segments;
}

function isExifSegment(jpeg: Buffer, segment: { start: number; end: number; marker: number }): boolean {
  return (
    segment.marker === APP1 &&
    segment.end - segment.start >= 4 + EXIF_HEADER.length &&
    jpeg.subarray(segment.start + 4, segment.start + 4 + EXIF_HEADER.length).equals(EXIF_HEADER)
  );
}

// The JPEG with an Exif segment carrying `dateTime` ('YYYY-MM-DD HH:MM:SS' or the EXIF
// 'YYYY:MM:DD HH:MM:SS') as its DateTime and DateTimeOriginal, placed right after SOI where the
// EXIF standard puts it; an Exif segment the file already had is dropped. The image data is
// untouched.
export function addExifDateTime(jpeg: Buffer, dateTime: string): Buffer {
  const value = exifDateTime(dateTime);
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== SOI) throw new TypeError('Not a JPEG: no SOI marker');
  const parts: Buffer[] = [jpeg.subarray(0, 2), exifSegment(value)];
  let copiedTo = 2;
  for (const segment of headerSegments(jpeg)) {
    if (!isExifSegment(jpeg, segment)) continue;
    parts.push(jpeg.subarray(copiedTo, segment.start));
    copiedTo = segment.end;
  }
  parts.push(jpeg.subarray(copiedTo));
  return Buffer.concat(parts);
}
