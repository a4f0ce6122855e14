import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { renderPdf, toWinAnsi, wrapText } from './pdf.ts';
import { readPdfText } from './pdf-text.ts';

describe('toWinAnsi', () => {
  it('keeps Latin-1, straightens typographic quotes, drops accents Latin-1 lacks, and marks the rest', () => {
    expect(toWinAnsi('Zoë O’Brien – “ok”')).toBe(`Zoë O'Brien - "ok"`);
    expect(toWinAnsi('Ștefan Čapek')).toBe('Stefan Capek');
    expect(toWinAnsi('李 Łukasz')).toBe('? ?ukasz');
  });
});

describe('wrapText', () => {
  it('breaks a paragraph between words so no line is wider than asked; a word too long keeps a line', () => {
    const measure = (value: string) => value.length;
    expect(wrapText('one two three four', 9, measure)).toEqual(['one two', 'three', 'four']);
    expect(wrapText('a enormousword b', 5, measure)).toEqual(['a', 'enormousword', 'b']);
    expect(wrapText('short', 50, measure)).toEqual(['short']);
  });
});

const meta = { title: 'Test', author: 'Portal Lending', createdAt: new Date('2026-11-21T17:00:00Z') };

describe('renderPdf', () => {
  it('wraps a long paragraph onto several lines rather than past the margin', async () => {
    const sentence = Array.from({ length: 40 }, (_, index) => `word${index}`).join(' ');
    const text = await readPdfText(await renderPdf([{ kind: 'text', text: sentence }], meta));
    const lines = text.split('\n').filter((line) => line.trim() !== '');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ').replace(/\s+/g, ' ').trim()).toBe(sentence);
  });

  it('repeats a table header on each page the table continues onto, and numbers the pages in the footer', async () => {
    const rows = Array.from({ length: 80 }, (_, index) => [`Row ${index}`, String(index)]);
    const pdf = await renderPdf(
      [
        {
          kind: 'table',
          columns: [
            { header: 'Name', width: 200 },
            { header: 'Number', width: 100, align: 'right' },
          ],
          rows,
        },
      ],
      { ...meta, footer: 'Test packet' },
    );
    const text = await readPdfText(pdf);
    expect(text.match(/Name/g)).toHaveLength(2);
    expect(text).toContain('Test packet - Page 1 of 2');
    expect(text).toContain('Test packet - Page 2 of 2');
    expect(text).toContain('Row 79');
  });

  it('breaks onto a new page when the content does not fit one', async () => {
    const rows = Array.from({ length: 80 }, (_, index) => [`Row ${index}`, String(index)]);
    const pdf = await renderPdf(
      [
        {
          kind: 'table',
          columns: [
            { header: 'Name', width: 200 },
            { header: 'N', width: 100, align: 'right' },
          ],
          rows,
        },
      ],
      {
        title: 'Test',
        author: 'Portal Lending',
        createdAt: new Date('2026-11-21T17:00:00Z'),
      },
    );
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(2);
  });
});
