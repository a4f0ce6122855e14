import exifr from 'exifr';

// When a photo was taken, as cameras record it (EXIF), read with exifr, which knows JPEG, PNG, TIFF
// and HEIC. The demo's writer of such dates is packages/demo (samples/jpeg-exif-writer.ts).

// exifr's names: 0x9003 DateTimeOriginal, 0x9004 CreateDate (DateTimeDigitized), 0x0132 ModifyDate
// (DateTime), in the order a capture date is best taken from.
const DATE_TAGS = ['DateTimeOriginal', 'CreateDate', 'ModifyDate'] as const;

// A raw EXIF date as 'YYYY-MM-DD HH:MM:SS'. Cameras without a clock write blanks or zeros, which
// the standard calls unknown; some software writes dashes or a 'T', or appends a time zone or
// fractions, which are dropped.
function normalised(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match;
  if (Number(year) === 0 || Number(month) === 0 || Number(day) === 0) return null;
  return `${year}-${month}-${day} ${hour}:${minute}:${second}`;
}

// When the photo was taken, by its EXIF data: DateTimeOriginal, else CreateDate, else DateTime, as
// 'YYYY-MM-DD HH:MM:SS' in the camera's own clock (EXIF dates carry no time zone). Null for a file
// without one, and for anything exifr cannot read: an upload is never rejected over its metadata.
export async function readExifDateTime(content: Buffer): Promise<string | null> {
  let tags: Record<string, unknown> | undefined;
  try {
    // reviveValues: false keeps the raw strings; revived ones are Dates read in the server's zone.
    tags = (await exifr.parse(content, {
      pick: [...DATE_TAGS],
      reviveValues: false,
      translateValues: false,
    })) as Record<string, unknown> | undefined;
  } catch {
    return null;
  }
  if (!tags || typeof tags !== 'object') return null;
  for (const tag of DATE_TAGS) {
    const value = normalised(tags[tag]);
    if (value) return value;
  }
  return null;
}
