import { describe, expect, it } from 'vitest';
import { makeJpeg, makePdf } from '../testing/customer-documents.ts';
import { sniffContentType } from './file-types.ts';

// Customers' files are known by their first bytes, never by their names or claimed types.
describe('sniffContentType', () => {
  it('knows JPEG, PNG, HEIC and PDF by their signatures', async () => {
    expect(sniffContentType(makeJpeg())).toBe('image/jpeg');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    expect(sniffContentType(png)).toBe('image/png');
    // An ISO base media file whose brand is HEIC, as an iPhone writes it.
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(12)]);
    expect(sniffContentType(heic)).toBe('image/heic');
    expect(sniffContentType(await makePdf())).toBe('application/pdf');
  });

  it('knows GIF and WebP (blog images), and not a RIFF file of another kind', () => {
    expect(sniffContentType(Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)]))).toBe('image/gif');
    expect(sniffContentType(Buffer.concat([Buffer.from('GIF87a'), Buffer.alloc(20)]))).toBe('image/gif');
    const riff = (kind: string) =>
      Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from(kind), Buffer.alloc(8)]);
    expect(sniffContentType(riff('WEBP'))).toBe('image/webp');
    expect(sniffContentType(riff('WAVE'))).toBeNull();
  });

  it('knows nothing else: text, HTML, an MP4 (another ISO brand), an empty file', () => {
    expect(sniffContentType(Buffer.from('hello'))).toBeNull();
    expect(sniffContentType(Buffer.from('<html><script>alert(1)</script></html>'))).toBeNull();
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(12)]);
    expect(sniffContentType(mp4)).toBeNull();
    expect(sniffContentType(Buffer.alloc(0))).toBeNull();
  });
});
