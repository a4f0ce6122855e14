import { randomBytes } from 'node:crypto';
import { constants, deflateRawSync, deflateSync } from 'node:zlib';

// Files built to hurt whoever reads them (issue 27), made in the test or the bench rather than
// kept as fixtures: a small PDF whose page is Flate-compressed twice into hundreds of megabytes,
// a page of millions of Tj operators, a document of many pages, 64 bytes of garbage that start
// like a JPEG. Each is a well-formed PDF (cross-reference table and all) apart from its payload.

type PdfPage = { content: Buffer; filters: string[] };

// A PDF of these pages, each with one content stream (already encoded with its filters) and the
// standard Helvetica font.
export function buildPdf(pages: PdfPage[]): Buffer {
  const objects: Buffer[] = [];
  const kids = pages.map((_, index) => `${4 + index * 2} 0 R`).join(' ');
  objects.push(Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'));
  objects.push(Buffer.from(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`));
  objects.push(Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'));
  pages.forEach((page, index) => {
    objects.push(
      Buffer.from(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + index * 2} 0 R >>`,
      ),
    );
    const filter = page.filters.length === 0 ? '' : ` /Filter [${page.filters.map((name) => `/${name}`).join(' ')}]`;
    objects.push(
      Buffer.concat([
        Buffer.from(`<< /Length ${page.content.length}${filter} >>\nstream\n`),
        page.content,
        Buffer.from('\nendstream'),
      ]),
    );
  });
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    const object = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    offsets.push(offset);
    parts.push(object);
    offset += object.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n');
  parts.push(Buffer.from(xref));
  return Buffer.concat(parts);
}

// One line of text, as an ordinary page says it.
export function textPage(text: string): PdfPage {
  return { content: Buffer.from(`BT /F1 12 Tf 72 720 Td (${text}) Tj ET`), filters: [] };
}

// A page of a line of text and then `decodedBytes` (rounded to MB) of spaces, Flate-compressed
// twice: a file of a few KB that is hundreds of MB, or GB, once read. The first layer is built
// from one compressed megabyte repeated (each ends with a full flush, so the copies chain), so
// making a gigabyte's bomb takes milliseconds; its checksum is left zero, as pdf.js does not read it.
export function flateBombPdf(decodedBytes: number): Buffer {
  const flushed = { level: 9, finishFlush: constants.Z_FULL_FLUSH };
  const head = deflateRawSync(Buffer.from('BT /F1 12 Tf 72 720 Td (Bomb) Tj ET\n'), flushed);
  const megabyte = deflateRawSync(Buffer.alloc(1 << 20, 0x20), flushed);
  const copies = Math.max(1, Math.round(decodedBytes / (1 << 20)));
  const once = Buffer.concat([
    Buffer.from([0x78, 0xda]),
    head,
    ...Array.from({ length: copies }, () => megabyte),
    // The last block: empty, final (fixed Huffman codes), then the Adler-32 left zero.
    Buffer.from([0x03, 0x00, 0, 0, 0, 0]),
  ]);
  return buildPdf([{ content: deflateSync(once, { level: 9 }), filters: ['FlateDecode', 'FlateDecode'] }]);
}

// Operators enough that reading them takes longer than the tests' 1.5 s time cap on any machine:
// 30 MB of content, just under the 32 MB decoded cap; about 2.4 s of CPU on a 2026 2-core machine
// (3,000,000 took 1.4 s there, too close to the cap: a faster machine read them whole).
export const FLOOD_OPERATORS = 5_000_000;

// A page of `operators` Tj operators (each showing one letter), Flate-compressed once.
export function tjFloodPdf(operators: number): Buffer {
  const content = Buffer.concat([
    Buffer.from('BT /F1 1 Tf 0 0 Td\n'),
    Buffer.alloc(operators * 6, '(a)Tj\n'),
    Buffer.from('ET\n'),
  ]);
  return buildPdf([{ content: deflateSync(content, { level: 9 }), filters: ['FlateDecode'] }]);
}

// A document of `pages` pages, each with a line of text.
export function manyPagesPdf(pages: number): Buffer {
  return buildPdf(Array.from({ length: pages }, (_, index) => textPage(`Page ${index + 1}`)));
}

// 64 bytes that start as a JPEG does and are garbage after.
export function garbageJpeg(): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(61)]);
}
