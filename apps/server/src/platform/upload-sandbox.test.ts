import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg, makePdf } from '../testing/customer-documents.ts';
import { FLOOD_OPERATORS, flateBombPdf, garbageJpeg, manyPagesPdf, tjFloodPdf } from '../testing/hostile-uploads.ts';
import { readUploadedPdfText, checkUploadedFile } from './upload-readers.ts';
import {
  readerOverTime,
  readInSandbox,
  sandboxState,
  setSandboxStallTime,
  setSandboxTimeLimit,
  wallBackstopMs,
} from './upload-sandbox.ts';
import { PDF_MAX_PAGES } from './upload-sandbox-limits.ts';

// Every upload is read in reader processes under caps on time, memory, decoded bytes, pages and
// pixels (decision 039); a file that breaks one is refused by name, and the reader is replaced.

const HOGS = new URL('../testing/sandbox-hogs.ts', import.meta.url);

beforeAll(() => {
  // The time cap is 5 s in service; a second and a half is plenty for the files read here.
  setSandboxTimeLimit(1_500);
});

describe('the upload sandbox', () => {
  it('refuses a 2-3 KB PDF whose page is Flate-compressed twice into a gigabyte, at once', async () => {
    const bomb = flateBombPdf(1024 * 1024 * 1024);
    expect(bomb.length).toBeGreaterThan(1_000);
    expect(bomb.length).toBeLessThan(4_000);
    const read = await readUploadedPdfText('scan.pdf', bomb);
    expect(read).toEqual({
      error:
        'scan.pdf is too large once decompressed (more than 32 MB of content), so it was not kept; it may be damaged or built to overload us. Please send a simpler copy.',
    });
  });

  it('stops reading a page of millions of Tj operators at the time cap and starts a fresh reader', async () => {
    const read = await readUploadedPdfText('flood.pdf', tjFloodPdf(FLOOD_OPERATORS));
    expect(read).toEqual({
      error:
        'flood.pdf took too long to read, so it was not kept; it may be damaged or built to slow us down. Please send a simpler copy (a fresh scan or a printed-to-PDF copy).',
    });
    expect(await readUploadedPdfText('next.pdf', await makePdf(['Still reading']))).toEqual({ text: 'Still reading' });
  });

  it(`refuses a PDF of more than ${PDF_MAX_PAGES} pages, and reads one of ${PDF_MAX_PAGES}`, async () => {
    expect(await readUploadedPdfText('long.pdf', manyPagesPdf(PDF_MAX_PAGES + 1))).toEqual({
      error: `long.pdf has ${PDF_MAX_PAGES + 1} pages; at most ${PDF_MAX_PAGES} pages can be read from one file. Please split it into smaller files.`,
    });
    const read = await readUploadedPdfText('fine.pdf', manyPagesPdf(PDF_MAX_PAGES));
    expect('text' in read && read.text.split('\n').filter((line) => line.startsWith('Page'))).toHaveLength(
      PDF_MAX_PAGES,
    );
  });

  it('says a PDF it cannot open could not be opened', async () => {
    expect(await readUploadedPdfText('broken.pdf', Buffer.from('%PDF-1.7\nnot a body'))).toEqual({
      error: 'broken.pdf could not be opened as a PDF (it may be damaged or password-protected).',
    });
  });

  it('decodes pictures: 64 bytes of garbage after FF D8 FF are refused, real photos pass with their EXIF date', async () => {
    expect(await checkUploadedFile('id.jpg', garbageJpeg(), 'image/jpeg')).toEqual({
      error:
        'id.jpg is not a picture we can open (it may be damaged or only partly sent). Please take or save it again.',
    });
    const photo = makeJpeg({ width: 64, height: 48, dateTime: '2026-11-01 09:30:00' });
    expect(await checkUploadedFile('photo.jpg', photo, 'image/jpeg')).toEqual({ exifDateTime: '2026-11-01 09:30:00' });
    // Cut short: the scan data is missing.
    expect(await checkUploadedFile('half.jpg', photo.subarray(0, photo.length / 2), 'image/jpeg')).toEqual({
      error: expect.stringMatching(/^half\.jpg is not a picture we can open/),
    });
    const png = PNG.sync.write(Object.assign(new PNG({ width: 8, height: 8 }), { data: Buffer.alloc(8 * 8 * 4, 200) }));
    expect(await checkUploadedFile('scan.png', png, 'image/png')).toEqual({ exifDateTime: null });
    expect(await checkUploadedFile('stub.pdf', await makePdf(), 'application/pdf')).toEqual({ exifDateTime: null });
  });

  it('refuses a picture larger than the pixel cap before decoding it', async () => {
    const png = PNG.sync.write(Object.assign(new PNG({ width: 4, height: 4 }), { data: Buffer.alloc(64, 1) }));
    // The header claims 20,000 × 20,000 pixels (CRC left wrong: the size is read first).
    const huge = Buffer.from(png);
    huge.writeUInt32BE(20_000, 16);
    huge.writeUInt32BE(20_000, 20);
    expect(await checkUploadedFile('poster.png', huge, 'image/png')).toEqual({
      error:
        'poster.png is too large a picture (20,000 × 20,000 pixels); pictures may be at most 25 megapixels. Please send a smaller one.',
    });
  });

  it('kills a reader that grows past its memory, outside the heap or in it, and goes on', async () => {
    const buffers = await readInSandbox({ module: HOGS, run: 'fillBuffers', args: [1_000], timeLimitMs: 20_000 });
    expect(buffers).toMatchObject({ ok: false, reason: 'memory' });
    const heap = await readInSandbox({ module: HOGS, run: 'fillHeap', args: [], timeLimitMs: 20_000 });
    expect(heap).toMatchObject({ ok: false, reason: 'memory' });
    expect(await readInSandbox({ module: HOGS, run: 'echo', args: [{ kept: true }] })).toEqual({
      ok: true,
      value: { kept: true },
    });
  });

  it('stops a reader that holds a file and uses no CPU (stuck), and goes on', async () => {
    setSandboxStallTime(400);
    try {
      expect(await readInSandbox({ module: HOGS, run: 'hang', args: [], timeLimitMs: 20_000 })).toMatchObject({
        ok: false,
        reason: 'time',
      });
    } finally {
      setSandboxStallTime(30_000);
    }
    expect(await readInSandbox({ module: HOGS, run: 'echo', args: [1] })).toEqual({ ok: true, value: 1 });
  });

  it('judges a reader by its CPU, not the wall clock: slow on a busy machine is not over time', () => {
    const reader = { cpuLimitMs: 5_000, stallMs: 30_000 };
    // A 10,000-record file on a loaded machine: 4 s of CPU over a minute and a half of wall time.
    expect(readerOverTime({ ...reader, cpuUsedMs: 4_000, msSinceProgress: 25 })).toBe(false);
    expect(readerOverTime({ ...reader, cpuUsedMs: 5_001, msSinceProgress: 25 })).toBe(true);
    expect(readerOverTime({ ...reader, cpuUsedMs: 10, msSinceProgress: 30_001 })).toBe(true);
    // The wall-clock backstop is far past what a starved honest reader needs (a tenth of a core).
    expect(wallBackstopMs(5_000, true)).toBe(100_000);
    expect(wallBackstopMs(1_000, true)).toBe(60_000);
    expect(wallBackstopMs(5_000, false)).toBe(5_000);
  });

  it('reads at most two files at once and queues the rest', async () => {
    const spins = [1, 2, 3].map(() => readInSandbox({ module: HOGS, run: 'spin', args: [], timeLimitMs: 200 }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const state = sandboxState();
    expect(state.busy + state.queued).toBe(3);
    expect(state.busy).toBeLessThanOrEqual(2);
    for (const outcome of await Promise.all(spins)) expect(outcome).toMatchObject({ ok: false, reason: 'time' });
  });
});
