import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

// Plain documents (statements, letters) drawn with the standard Helvetica fonts, so no font files
// ship with the server. A block is a paragraph of text (wrapped to the page), a gap, a rule or a
// table; pages break by themselves, a table repeating its header on each page it continues onto.

export type PdfBlock =
  | { kind: 'text'; text: string; size?: number; bold?: boolean }
  | { kind: 'gap'; height: number }
  | { kind: 'rule' }
  | { kind: 'table'; columns: Array<{ header: string; width: number; align?: 'left' | 'right' }>; rows: string[][] };

// footer: printed at the foot of every page with "Page n of m" (letters that run to several pages).
export type PdfMeta = { title: string; author: string; createdAt: Date; footer?: string };

const PAGE = { width: 612, height: 792, margin: 54 } as const; // US Letter, 3/4 inch margins
const BODY_SIZE = 10;
const FOOTER_SIZE = 8;

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

// The lines a paragraph takes at `width`: broken between words, a word longer than a line on its
// own line (write() then cuts it).
export function wrapText(text: string, width: number, measure: (value: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/ +/)) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (line !== '' && measure(candidate) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  lines.push(line);
  return lines;
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
      const font = block.bold ? bold : regular;
      const measure = (value: string) => font.widthOfTextAtSize(toWinAnsi(value), size);
      for (const line of wrapText(block.text, PAGE.width - 2 * PAGE.margin, measure)) {
        room(size * 1.4);
        y -= size;
        write(line, PAGE.margin, size, font, PAGE.width - 2 * PAGE.margin + 4);
        y -= size * 0.4;
      }
    } else {
      const lineHeight = BODY_SIZE * 1.5;
      const drawCells = (cells: string[], font: PDFFont) => {
        y -= BODY_SIZE;
        let x = PAGE.margin;
        block.columns.forEach((column, index) => {
          write(cells[index] ?? '', x, BODY_SIZE, font, column.width, column.align);
          x += column.width;
        });
        y -= lineHeight - BODY_SIZE;
      };
      const header = block.columns.map((column) => column.header);
      // The header and at least one row stay together.
      room(lineHeight * 2);
      drawCells(header, bold);
      for (const row of block.rows) {
        const before = page;
        room(lineHeight);
        if (page !== before) drawCells(header, bold);
        drawCells(row, regular);
      }
    }
  }
  if (meta.footer !== undefined) {
    const pages = document.getPages();
    pages.forEach((each, index) => {
      each.drawText(toWinAnsi(`${meta.footer} - Page ${index + 1} of ${pages.length}`), {
        x: PAGE.margin,
        y: PAGE.margin / 2,
        size: FOOTER_SIZE,
        font: regular,
        color: rgb(0.35, 0.35, 0.35),
      });
    });
  }
  return Buffer.from(await document.save());
}
