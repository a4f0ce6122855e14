import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { renderPdf, toWinAnsi } from './pdf.ts';

describe('toWinAnsi', () => {
  it('keeps Latin-1, straightens typographic quotes, drops accents Latin-1 lacks, and marks the rest', () => {
    expect(toWinAnsi('Zoë O’Brien – “ok”')).toBe(`Zoë O'Brien - "ok"`);
    expect(toWinAnsi('Ștefan Čapek')).toBe('Stefan Capek');
    expect(toWinAnsi('李 Łukasz')).toBe('? ?ukasz');
  });
});

describe('renderPdf', () => {
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
