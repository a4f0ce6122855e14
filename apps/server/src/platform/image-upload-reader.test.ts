import { deflateSync } from 'node:zlib';
import { GifWriter } from 'omggif';
import { describe, expect, it } from 'vitest';
import { makeJpeg, makePdf } from '../testing/customer-documents.ts';
import { buildPdf, flateBombPdf, garbageJpeg } from '../testing/hostile-uploads.ts';
import { decodeImageUpload } from './image-upload-reader.ts';
import { measureDecodedStreams } from './pdf-decoded-size.ts';

// The readers the upload sandbox runs, called directly: pictures decoded (or, for WebP and HEIC,
// walked box by box), PDFs' streams measured decompressed under a budget.

const refusal = (read: () => unknown) => {
  try {
    read();
    return null;
  } catch (error) {
    return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  }
};

function gif(width: number, height: number): Buffer {
  const buffer = Buffer.alloc(1024 + width * height);
  const writer = new GifWriter(buffer, width, height, { palette: [0x000000, 0xffffff] });
  writer.addFrame(
    0,
    0,
    width,
    height,
    Array.from({ length: width * height }, (_, index) => index % 2),
  );
  return buffer.subarray(0, writer.end());
}

function riff(chunks: Buffer[]): Buffer {
  const body = Buffer.concat([Buffer.from('WEBP'), ...chunks]);
  const header = Buffer.alloc(8);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}

function chunk(kind: string, data: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.write(kind, 0, 'latin1');
  header.writeUInt32LE(data.length, 4);
  return Buffer.concat([header, data, Buffer.alloc(data.length % 2)]);
}

function box(kind: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(body.length + 8, 0);
  header.write(kind, 4, 'latin1');
  return Buffer.concat([header, body]);
}

function heic(width: number, height: number): Buffer {
  const ispe = Buffer.alloc(12);
  ispe.writeUInt32BE(width, 4);
  ispe.writeUInt32BE(height, 8);
  return Buffer.concat([
    box('ftyp', Buffer.from('heic'), Buffer.alloc(4), Buffer.from('mif1heic')),
    box('meta', Buffer.alloc(4), box('iprp', box('ipco', box('ispe', ispe)))),
    box('mdat', Buffer.alloc(64, 7)),
  ]);
}

describe('decodeImageUpload', () => {
  it('decodes JPEG, PNG and GIF, and refuses garbage that starts like one', () => {
    expect(decodeImageUpload(makeJpeg({ width: 40, height: 30 }), 'image/jpeg')).toEqual({ width: 40, height: 30 });
    expect(decodeImageUpload(gif(5, 3), 'image/gif')).toEqual({ width: 5, height: 3 });
    expect(refusal(() => decodeImageUpload(garbageJpeg(), 'image/jpeg'))).toBe(
      'FileRefusal: is not a picture we can open (it may be damaged or only partly sent). Please take or save it again.',
    );
    expect(
      refusal(() => decodeImageUpload(Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)]), 'image/gif')),
    ).toMatch(/^FileRefusal: is not a picture/);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    expect(decodeImageUpload(png, 'image/png')).toEqual({ width: 1, height: 1 });
    expect(refusal(() => decodeImageUpload(png.subarray(0, 40), 'image/png'))).toMatch(
      /^FileRefusal: is not a picture/,
    );
  });

  it('walks a JPEG too large to decode whole marker by marker: whole, it passes; cut short, it is refused', () => {
    const photo = makeJpeg({ width: 2400, height: 1800 });
    expect(decodeImageUpload(photo, 'image/jpeg')).toEqual({ width: 2400, height: 1800 });
    expect(refusal(() => decodeImageUpload(photo.subarray(0, photo.length - 4000), 'image/jpeg'))).toMatch(
      /^FileRefusal: is not a picture/,
    );
    // Its frame header claims 9,000 × 9,000 pixels.
    const claimed = Buffer.from(photo);
    const frame = claimed.indexOf(Buffer.from([0xff, 0xc0]));
    claimed.writeUInt16BE(9_000, frame + 5);
    claimed.writeUInt16BE(9_000, frame + 7);
    expect(refusal(() => decodeImageUpload(claimed, 'image/jpeg'))).toBe(
      'FileRefusal: is too large a picture (9,000 × 9,000 pixels); pictures may be at most 25 megapixels. Please send a smaller one.',
    );
  });

  it('refuses a PNG whose pixels inflate past what its header allows (a bomb in IDAT)', () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const bomb = deflateSync(Buffer.alloc(64 * 1024 * 1024));
    const idat = Buffer.alloc(12 + bomb.length);
    idat.writeUInt32BE(bomb.length, 0);
    idat.write('IDAT', 4, 'latin1');
    bomb.copy(idat, 8);
    const hostile = Buffer.concat([png.subarray(0, 33), idat, png.subarray(png.length - 12)]);
    expect(refusal(() => decodeImageUpload(hostile, 'image/png'))).toMatch(/^FileRefusal: is not a picture/);
  });

  it('walks WebP chunks and HEIC boxes: their sizes must fit and the picture header be there', () => {
    const lossless = Buffer.alloc(5);
    lossless[0] = 0x2f;
    lossless.writeUInt32LE((99 << 14) | 199, 1);
    expect(decodeImageUpload(riff([chunk('VP8L', lossless)]), 'image/webp')).toEqual({ width: 200, height: 100 });
    const sniffedOnly = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP'), Buffer.alloc(8)]);
    expect(refusal(() => decodeImageUpload(sniffedOnly, 'image/webp'))).toMatch(/^FileRefusal: is not a picture/);

    expect(decodeImageUpload(heic(4032, 3024), 'image/heic')).toEqual({ width: 4032, height: 3024 });
    const brandOnly = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(12)]);
    expect(refusal(() => decodeImageUpload(brandOnly, 'image/heic'))).toMatch(/^FileRefusal: is not a picture/);
    expect(refusal(() => decodeImageUpload(heic(10_000, 8_000), 'image/heic'))).toBe(
      'FileRefusal: is too large a picture (10,000 × 8,000 pixels); pictures may be at most 25 megapixels. Please send a smaller one.',
    );
  });
});

describe('measureDecodedStreams', () => {
  it('counts an ordinary PDF in kilobytes and stops a bomb at the budget, whatever wraps it', async () => {
    const ordinary = measureDecodedStreams(await makePdf(['A line']), 1024 * 1024);
    expect(ordinary).not.toBe('over');
    expect(measureDecodedStreams(flateBombPdf(64 * 1024 * 1024), 32 * 1024 * 1024)).toBe('over');
    // The same bomb, its twice-compressed bytes written out in hex.
    const inner = flateBombPdf(64 * 1024 * 1024);
    const start = inner.indexOf('stream\n') + 7;
    const length = Number(/\/Length (\d+)/.exec(inner.toString('latin1'))![1]);
    const hex = Buffer.from(`${inner.subarray(start, start + length).toString('hex')}>`);
    const wrapped = buildPdf([{ content: hex, filters: ['ASCIIHexDecode', 'FlateDecode', 'FlateDecode'] }]);
    expect(measureDecodedStreams(wrapped, 32 * 1024 * 1024)).toBe('over');
  });
});
