import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

// Plain documents (statements, letters) drawn with the standard Helvetica fonts, so no font files
// ship with the server. A block is a line of text, a gap, or a table; pages break by themselves.

export type PdfBlock =
  | { kind: 'text'; text: string; size?: number; bold?: boolean }
  | { kind: 'gap'; height: number }
  | { kind: 'rule' }
  | { kind: 'table'; columns: Array<{ header: string; width: number; align?: 'left' | 'right' }>; rows: string[][] };

export type PdfMeta = { title: string; author: string; createdAt: Date };

const PAGE = { width: 612, height: 792, margin: 54 } as const; // US Letter, 3/4 inch margins
const BODY_SIZE = 10;

// Helvetica speaks WinAnsi only: typographic quotes and dashes become their ASCII look-alikes, and
// anything else outside Latin-1 a question mark, rather than failing the whole document.
export function toWinAnsi(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7E\xA0-\xFF]/g, (char) => {
      // A letter with an accent Latin-1 lacks (Ș, ő) keeps its base letter.
      const base = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      return /^[\x20-\x7E\xA0-\xFF]+$/.test(base) ? base : '?';
    });
}

export async function renderPdf(blocks: PdfBlock[], meta: PdfMeta): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.setTitle(meta.title);
  document.setAuthor(meta.author);
  document.setCreator(meta.author);
  document.setProducer(meta.author);
  document.setCreationDate(meta.createdAt);
  document.setModificationDate(meta.createdAt);
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);

  let page: PDFPage = document.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const room = (height: number) => {
    if (y - height >= PAGE.margin) return;
    page = document.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin;
  };
  const write = (
    text: string,
    x: number,
    size: number,
    font: PDFFont,
    width?: number,
    align: 'left' | 'right' = 'left',
  ) => {
    let safe = toWinAnsi(text);
    // Cut what does not fit its column (ending in "..") rather than run into the next one.
    const fits = (value: string) => width === undefined || font.widthOfTextAtSize(value, size) <= width - 4;
    if (!fits(safe)) {
      while (safe.length > 1 && !fits(`${safe}..`)) safe = safe.slice(0, -1);
      safe = `${safe}..`;
    }
    // A right-aligned cell keeps a wider gap before the next column, which starts flush left.
    const offset = align === 'right' && width !== undefined ? width - 14 - font.widthOfTextAtSize(safe, size) : 0;
    page.drawText(safe, { x: x + offset, y, size, font, color: rgb(0, 0, 0) });
  };

  for (const block of blocks) {
    if (block.kind === 'gap') {
      y -= block.height;
    } else if (block.kind === 'rule') {
      room(8);
      page.drawLine({
        start: { x: PAGE.margin, y },
        end: { x: PAGE.width - PAGE.margin, y },
        thickness: 0.5,
        color: rgb(0.6, 0.6, 0.6),
      });
      y -= 8;
    } else if (block.kind === 'text') {
      const size = block.size ?? BODY_SIZE;
      room(size * 1.4);
      y -= size;
      write(block.text, PAGE.margin, size, block.bold ? bold : regular);
      y -= size * 0.4;
    } else {
      const lineHeight = BODY_SIZE * 1.5;
      const drawRow = (cells: string[], font: PDFFont) => {
        room(lineHeight);
        y -= BODY_SIZE;
        let x = PAGE.margin;
        block.columns.forEach((column, index) => {
          write(cells[index] ?? '', x, BODY_SIZE, font, column.width, column.align);
          x += column.width;
        });
        y -= lineHeight - BODY_SIZE;
      };
      drawRow(
        block.columns.map((column) => column.header),
        bold,
      );
      for (const row of block.rows) drawRow(row, regular);
    }
  }
  return Buffer.from(await document.save());
}
