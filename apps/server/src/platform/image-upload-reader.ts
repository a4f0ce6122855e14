import { inflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';
import { GifReader } from 'omggif';
import { PNG } from 'pngjs';
import { FileRefusal } from './file-refusal.ts';
import type { SniffedContentType } from './file-types.ts';
import { readExifDateTime } from './jpeg-exif.ts';
import { IMAGE_MAX_PIXELS } from './upload-sandbox-limits.ts';

// Runs in the upload sandbox (upload-sandbox.ts), never on the API's thread: an uploaded picture
// is decoded, not just sniffed, so 64 bytes of garbage that start like a JPEG are refused. JPEG,
// PNG and GIF are parsed by their structure and, up to a few megapixels, decoded whole in pure
// JavaScript (jpeg-js, pngjs, omggif: see FULL_DECODE_PIXELS); WebP and HEIC, which
// have no pure-JavaScript decoder we trust, are walked chunk by chunk (every chunk's size must fit
// the file, the picture's own header must be there with its size). Every type is held to
// IMAGE_MAX_PIXELS before its pixels are decoded. The EXIF date the camera wrote is read here too
// (exifr), so no part of the file is parsed on the API's thread.

export type ImageSize = { width: number; height: number };
export type ReadImage = ImageSize & { exifDateTime: string | null };

export async function readImageUpload(content: Uint8Array, type: SniffedContentType): Promise<ReadImage> {
  const size = decodeImageUpload(content, type);
  const exifDateTime = await readExifDateTime(Buffer.from(content.buffer, content.byteOffset, content.byteLength));
  return { ...size, exifDateTime };
}

// Pixels decoded whole up to this size: jpeg-js needs about 45 MB a megapixel, pngjs and omggif
// about 12, and a reader has READER_RSS_LIMIT_MB. Larger pictures (to IMAGE_MAX_PIXELS) are
// checked by their structure: a JPEG marker by marker, a PNG's compressed pixels inflated in
// full under what its header allows, a GIF's frames listed.
const FULL_DECODE_PIXELS = 4_000_000;
const FULL_DECODE_PIXELS_LOSSLESS = 8_000_000;

const UNREADABLE =
  'is not a picture we can open (it may be damaged or only partly sent). Please take or save it again.';

export function decodeImageUpload(content: Uint8Array, type: SniffedContentType): ImageSize {
  const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  let size: ImageSize | null;
  try {
    size = decodeByType(bytes, type);
  } catch (error) {
    if (error instanceof FileRefusal) throw error;
    const message = error instanceof Error ? error.message : '';
    if (/maxResolutionInMP|maxMemoryUsageInMB/.test(message)) throw tooLarge(null);
    throw new FileRefusal(UNREADABLE);
  }
  if (!size || size.width < 1 || size.height < 1) throw new FileRefusal(UNREADABLE);
  return size;
}

function decodeByType(bytes: Buffer, type: SniffedContentType): ImageSize | null {
  switch (type) {
    case 'image/jpeg':
      return decodeJpeg(bytes);
    case 'image/png':
      return decodePng(bytes);
    case 'image/gif':
      return decodeGif(bytes);
    case 'image/webp':
      return checkWebp(bytes);
    case 'image/heic':
      return checkHeic(bytes);
    default:
      return null;
  }
}

function tooLarge(size: ImageSize | null): FileRefusal {
  const shown = size ? ` (${size.width.toLocaleString('en-US')} × ${size.height.toLocaleString('en-US')} pixels)` : '';
  return new FileRefusal(
    `is too large a picture${shown}; pictures may be at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels. Please send a smaller one.`,
  );
}

function holdToPixels(size: ImageSize): ImageSize {
  if (size.width * size.height > IMAGE_MAX_PIXELS) throw tooLarge(size);
  return size;
}

function decodeJpeg(bytes: Buffer): ImageSize {
  const size = holdToPixels(walkJpeg(bytes));
  if (size.width * size.height > FULL_DECODE_PIXELS) return size;
  const image = jpeg.decode(bytes, {
    // Strict: a file with missing scan data is damaged, not a photo to keep.
    tolerantDecoding: false,
    formatAsRGBA: false,
    maxResolutionInMP: IMAGE_MAX_PIXELS / 1_000_000,
    maxMemoryUsageInMB: 256,
  });
  return { width: image.width, height: image.height };
}

const isFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

// A JPEG's structure, marker by marker: every segment's length fits the file, one frame header
// (SOFn) with its size and 1 to 4 components, quantisation tables, Huffman tables (unless
// arithmetic-coded), scans whose headers match, the entropy-coded data after each, and the end
// marker. Garbage after FF D8 FF fails at its first segment.
function walkJpeg(bytes: Buffer): ImageSize {
  let size: ImageSize | null = null;
  let arithmetic = false;
  let quantisation = false;
  let huffman = false;
  let scans = 0;
  for (let offset = 2; offset + 1 < bytes.length;) {
    if (bytes[offset] !== 0xff) throw new FileRefusal(UNREADABLE);
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd9) {
      if (!size || scans === 0 || !quantisation || !(huffman || arithmetic)) break;
      return size;
    }
    if (offset + 4 > bytes.length) break;
    const length = bytes.readUInt16BE(offset + 2);
    const end = offset + 2 + length;
    if (length < 2 || end > bytes.length) break;
    if (isFrame(marker)) {
      const components = bytes[offset + 9] ?? 0;
      if (size || components < 1 || components > 4 || length !== 8 + 3 * components) break;
      size = { width: bytes.readUInt16BE(offset + 7), height: bytes.readUInt16BE(offset + 5) };
      arithmetic = marker >= 0xc9;
    } else if (marker === 0xdb) quantisation = true;
    else if (marker === 0xc4) huffman = true;
    else if (marker === 0xda) {
      const components = bytes[offset + 4] ?? 0;
      if (!size || components < 1 || components > 4 || length !== 6 + 2 * components) break;
      // The entropy-coded data runs to the next marker that is not a stuffed FF 00 or a restart.
      let next = end;
      while (next + 1 < bytes.length) {
        if (bytes[next] === 0xff) {
          const following = bytes[next + 1]!;
          if (following !== 0x00 && !(following >= 0xd0 && following <= 0xd7)) break;
        }
        next += 1;
      }
      if (next === end) break;
      scans += 1;
      offset = next;
      continue;
    }
    offset = end;
  }
  throw new FileRefusal(UNREADABLE);
}

function decodePng(bytes: Buffer): ImageSize {
  if (bytes.length < 33 || bytes.toString('latin1', 12, 16) !== 'IHDR') throw new FileRefusal(UNREADABLE);
  const size = holdToPixels({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });
  // The compressed pixels, inflated under what the header allows (at most 8 bytes a pixel, plus a
  // filter byte a row and the interlaced passes' extra rows), before pngjs reads them without a cap.
  const limit = size.width * size.height * 8 + size.height * 16 + 1024;
  const chunks: Buffer[] = [];
  for (let offset = 8; offset + 8 <= bytes.length;) {
    const length = bytes.readUInt32BE(offset);
    const kind = bytes.toString('latin1', offset + 4, offset + 8);
    if (kind === 'IDAT') chunks.push(bytes.subarray(offset + 8, offset + 8 + length));
    if (kind === 'IEND') break;
    offset += 12 + length;
  }
  try {
    inflateSync(Buffer.concat(chunks), { maxOutputLength: limit });
  } catch {
    throw new FileRefusal(UNREADABLE);
  }
  if (size.width * size.height > FULL_DECODE_PIXELS_LOSSLESS) return size;
  const image = PNG.sync.read(bytes);
  return { width: image.width, height: image.height };
}

function decodeGif(bytes: Buffer): ImageSize {
  const reader = new GifReader(bytes);
  const size = holdToPixels({ width: reader.width, height: reader.height });
  if (reader.numFrames() < 1) throw new FileRefusal(UNREADABLE);
  if (size.width * size.height <= FULL_DECODE_PIXELS_LOSSLESS)
    reader.decodeAndBlitFrameRGBA(0, new Uint8Array(size.width * size.height * 4));
  return size;
}

// RIFF 'WEBP': chunks that fit the file, and a VP8 (lossy), VP8L (lossless) or VP8X (extended)
// header giving the picture's size.
function checkWebp(bytes: Buffer): ImageSize | null {
  if (bytes.length < 20) return null;
  const end = 8 + bytes.readUInt32LE(4);
  if (end > bytes.length) return null;
  let size: ImageSize | null = null;
  let hasPicture = false;
  for (let offset = 12; offset < end;) {
    if (offset + 8 > end) return null;
    const kind = bytes.toString('latin1', offset, offset + 4);
    const length = bytes.readUInt32LE(offset + 4);
    const data = offset + 8;
    if (data + length > end) return null;
    if (kind === 'VP8 ') {
      if (length < 10 || bytes[data + 3] !== 0x9d || bytes[data + 4] !== 0x01 || bytes[data + 5] !== 0x2a) return null;
      size ??= { width: bytes.readUInt16LE(data + 6) & 0x3fff, height: bytes.readUInt16LE(data + 8) & 0x3fff };
      hasPicture = true;
    } else if (kind === 'VP8L') {
      if (length < 5 || bytes[data] !== 0x2f) return null;
      const bits = bytes.readUInt32LE(data + 1);
      size ??= { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
      hasPicture = true;
    } else if (kind === 'VP8X') {
      if (length < 10) return null;
      size = { width: bytes.readUIntLE(data + 4, 3) + 1, height: bytes.readUIntLE(data + 7, 3) + 1 };
    } else if (kind === 'ANMF') {
      hasPicture = true;
    }
    offset = data + length + (length % 2);
  }
  return hasPicture && size ? holdToPixels(size) : null;
}

// ISO base media boxes that fit the file: ftyp first, then meta (holding each image's ispe, its
// size) and the media data.
function checkHeic(bytes: Buffer): ImageSize | null {
  const boxes = new Map<string, { start: number; end: number }>();
  for (let offset = 0; offset < bytes.length;) {
    if (offset + 8 > bytes.length) return null;
    let length = bytes.readUInt32BE(offset);
    const kind = bytes.toString('latin1', offset + 4, offset + 8);
    if (length === 1) {
      if (offset + 16 > bytes.length) return null;
      length = Number(bytes.readBigUInt64BE(offset + 8));
    } else if (length === 0) length = bytes.length - offset;
    if (length < 8 || offset + length > bytes.length) return null;
    if (boxes.size === 0 && kind !== 'ftyp') return null;
    boxes.set(kind, { start: offset, end: offset + length });
    offset += length;
  }
  const meta = boxes.get('meta');
  if (!meta || !boxes.has('mdat')) return null;
  let size: ImageSize | null = null;
  for (let at = bytes.indexOf('ispe', meta.start); at >= 0 && at + 16 <= meta.end; at = bytes.indexOf('ispe', at + 4)) {
    const found = { width: bytes.readUInt32BE(at + 8), height: bytes.readUInt32BE(at + 12) };
    if (!size || found.width * found.height > size.width * size.height) size = found;
  }
  return size ? holdToPixels(size) : null;
}
