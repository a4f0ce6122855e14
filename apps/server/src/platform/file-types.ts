// What a file is, known by its first bytes (never by its name or the type a client claims): the
// formats customers send as documents, and the web's images (blog posts). Null for anything else.
export type SniffedContentType =
  | 'image/jpeg'
  | 'image/png'
  | 'image/gif'
  | 'image/webp'
  | 'image/heic'
  | 'application/pdf';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// ISO base media brands of HEIF images (HEIC and its sequences) as phones write them.
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

// The PDF header may follow a little junk (the specification allows it within the first 1024 bytes).
export function hasPdfHeader(content: Buffer): boolean {
  return content.subarray(0, 1024).includes('%PDF-');
}

export function sniffContentType(content: Buffer): SniffedContentType | null {
  if (content.length >= 3 && content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) return 'image/jpeg';
  if (content.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (/^GIF8[79]a/.test(content.toString('latin1', 0, 6))) return 'image/gif';
  if (
    content.length >= 12 &&
    content.toString('latin1', 0, 4) === 'RIFF' &&
    content.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'image/webp';
  if (content.length >= 12 && content.toString('latin1', 4, 8) === 'ftyp') {
    if (HEIC_BRANDS.has(content.toString('latin1', 8, 12))) return 'image/heic';
  }
  if (hasPdfHeader(content)) return 'application/pdf';
  return null;
}

// How a file is named for staff when the customer's own name for it says nothing of its type.
export const EXTENSION_OF: Readonly<Record<SniffedContentType, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
};
