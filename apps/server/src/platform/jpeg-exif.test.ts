import { crc32 } from 'node:zlib';
import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { addExifDateTime } from '@portal/demo-data/samples';
import { readExifDateTime } from './jpeg-exif.ts';

// A small picture with some structure, so the encoder writes real scan data.
function plainJpeg(width = 32, height = 24): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 4;
      data[at] = (x * 8) % 256;
      data[at + 1] = (y * 10) % 256;
      data[at + 2] = 128;
      data[at + 3] = 255;
    }
  }
  return jpeg.encode({ width, height, data }, 90).data;
}

// The TIFF block addExifDateTime wrote: what a PNG's eXIf chunk holds.
function tiffOf(stamped: Buffer): Buffer {
  const start = stamped.indexOf(Buffer.from('Exif\0\0', 'latin1'));
  const length = stamped.readUInt16BE(start - 2);
  return stamped.subarray(start + 6, start - 2 + length);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

// A 1x1 grey PNG with an eXIf chunk; the pixel data only has to be a valid chunk for exifr.
function pngWithExif(tiff: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('eXIf', tiff),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('addExifDateTime and readExifDateTime', () => {
  it('stamps a JPEG with the date and time it was taken, read back as YYYY-MM-DD HH:MM:SS', async () => {
    const plain = plainJpeg();
    expect(await readExifDateTime(plain)).toBeNull();
    const stamped = addExifDateTime(plain, '2025-06-30 18:45:07');
    expect(await readExifDateTime(stamped)).toBe('2025-06-30 18:45:07');
    expect(await readExifDateTime(addExifDateTime(plain, '2024:02:29 00:00:59'))).toBe('2024-02-29 00:00:59');
  });

  it('puts the Exif segment right after SOI and leaves the picture as it was', () => {
    const plain = plainJpeg(40, 30);
    const stamped = addExifDateTime(plain, '2025-06-30 18:45:07');
    expect([...stamped.subarray(0, 4)]).toEqual([0xff, 0xd8, 0xff, 0xe1]);
    expect(stamped.subarray(6, 12).toString('latin1')).toBe('Exif\0\0');
    expect(stamped.subarray(12, 16).toString('latin1')).toBe('II*\0');
    const before = jpeg.decode(plain);
    const after = jpeg.decode(stamped);
    expect([after.width, after.height]).toEqual([40, 30]);
    expect(after.data.equals(before.data)).toBe(true);
  });

  it('replaces the date a JPEG already carries rather than adding a second Exif segment', async () => {
    const once = addExifDateTime(plainJpeg(), '2020-01-01 08:00:00');
    const twice = addExifDateTime(once, '2026-12-31 23:59:59');
    expect(twice.length).toBe(once.length);
    expect(twice.indexOf(Buffer.from('Exif\0\0', 'latin1'), 20)).toBe(-1);
    expect(await readExifDateTime(twice)).toBe('2026-12-31 23:59:59');
    expect(jpeg.decode(twice).width).toBe(32);
  });

  it('falls back to CreateDate, then to DateTime, when DateTimeOriginal is missing', async () => {
    const stamped = addExifDateTime(plainJpeg(), '2025-06-30 18:45:07');
    const original = Buffer.from([0x03, 0x90]); // 0x9003, little-endian
    const entry = stamped.indexOf(original);
    const created = Buffer.from(stamped);
    created.writeUInt16LE(0x9004, entry); // the same value as CreateDate (DateTimeDigitized)
    created.write('2025:07:01 09:10:11', created.indexOf('2025:06:30 18:45:07', entry), 'latin1');
    expect(await readExifDateTime(created)).toBe('2025-07-01 09:10:11');
    const modified = Buffer.from(stamped);
    modified.writeUInt16LE(0xa420, entry); // ImageUniqueID: not a date, so only IFD0's DateTime is left
    expect(await readExifDateTime(modified)).toBe('2025-06-30 18:45:07');
  });

  it('reads the date from a PNG eXIf chunk', async () => {
    const tiff = tiffOf(addExifDateTime(plainJpeg(), '2023-04-05 06:07:08'));
    expect(await readExifDateTime(pngWithExif(tiff))).toBe('2023-04-05 06:07:08');
  });

  it('gives null, never an error, for files that are not images or are damaged', async () => {
    expect(await readExifDateTime(Buffer.from('%PDF-1.7\nnot a photo at all\n'))).toBeNull();
    expect(await readExifDateTime(Buffer.alloc(0))).toBeNull();
    expect(await readExifDateTime(Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x00]))).toBeNull();
    const stamped = addExifDateTime(plainJpeg(), '2025-06-30 18:45:07');
    expect(await readExifDateTime(stamped.subarray(0, 40))).toBeNull();
  });

  it('refuses a date and time that is not YYYY-MM-DD HH:MM:SS, or not a real one', () => {
    const plain = plainJpeg();
    for (const bad of [
      '2025-06-30',
      '2025-06-30T18:45:07',
      '2025/06/30 18:45:07',
      '2025-06:30 18:45:07',
      '2025-02-30 10:00:00',
      '2025-06-30 24:00:00',
      '2025-13-01 10:00:00',
      ' 2025-06-30 18:45:07',
      '',
    ]) {
      expect(() => addExifDateTime(plain, bad), bad).toThrow(RangeError);
    }
  });

  it('refuses a file that is not a JPEG', () => {
    expect(() => addExifDateTime(Buffer.from('GIF89a'), '2025-06-30 18:45:07')).toThrow(TypeError);
  });
});
