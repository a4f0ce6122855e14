import jpeg from 'jpeg-js';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { formatDollars } from '@portal/contracts';
import { readPdfText } from '@portal/server/seeding';
import {
  drawDriversLicense,
  drawPaystubImage,
  drawPaystubPdf,
  drawSelfie,
  type PaystubInput,
} from './demo-documents.ts';

const HOLDER = {
  firstName: 'Maria',
  lastName: 'Gonzalez-Ruiz',
  birthday: '1987-04-12',
  licenseNumber: 'D1234567',
  state: 'CA',
  street: '1420 Oak Street Apt 4',
  city: 'Sacramento',
  zip: '95814',
};

const STUB: PaystubInput = {
  employer: 'Riverside Medical Group',
  employeeName: 'Maria Gonzalez-Ruiz',
  payDate: '2026-03-13',
  periodStart: '2026-02-28',
  periodEnd: '2026-03-13',
  grossCents: 248_000,
  netCents: 187_654,
  frequency: 'biweekly',
};

function decoded(image: Buffer) {
  const { width, height, data } = jpeg.decode(image);
  return { width, height, data };
}

// The spread of a channel: a blank or single-colour picture has none.
function spread(data: Uint8Array): number {
  let low = 255;
  let high = 0;
  for (let at = 0; at < data.length; at += 4) {
    low = Math.min(low, data[at]!);
    high = Math.max(high, data[at]!);
  }
  return high - low;
}

function dollarsIn(text: string): number[] {
  return [...text.matchAll(/\$([\d,]+\.\d{2})/g)].map((match) => Math.round(Number(match[1]!.replace(/,/g, '')) * 100));
}

describe('drawDriversLicense', () => {
  it('draws a 640x400 JPEG with a picture on it', () => {
    const image = decoded(drawDriversLicense(HOLDER, { seed: 3 }));
    expect([image.width, image.height]).toEqual([640, 400]);
    expect(spread(image.data)).toBeGreaterThan(150);
  });

  it('is the same for the same holder and seed, and differs by seed', () => {
    const first = drawDriversLicense(HOLDER, { seed: 3 });
    expect(drawDriversLicense(HOLDER, { seed: 3 }).equals(first)).toBe(true);
    expect(drawDriversLicense(HOLDER).equals(drawDriversLicense(HOLDER))).toBe(true);
    expect(drawDriversLicense(HOLDER, { seed: 4 }).equals(first)).toBe(false);
  });

  it('draws a holder with no birthday or address, an unknown state and names past the font', () => {
    const image = decoded(
      drawDriversLicense({
        firstName: 'Zoë Ștefania Maximiliana',
        lastName: 'Wolfeschlegelsteinhausenbergerdorff',
        birthday: null,
        licenseNumber: 'X',
        state: 'Ontario',
      }),
    );
    expect([image.width, image.height]).toEqual([640, 400]);
  });
});

describe('drawSelfie', () => {
  it('draws a 480x640 JPEG, the same for the same seed and another face for another', () => {
    const first = drawSelfie({ seed: 5 });
    const image = decoded(first);
    expect([image.width, image.height]).toEqual([480, 640]);
    expect(spread(image.data)).toBeGreaterThan(100);
    expect(drawSelfie({ seed: 5 }).equals(first)).toBe(true);
    expect(drawSelfie({ seed: 6 }).equals(first)).toBe(false);
  });
});

describe('drawPaystubPdf', () => {
  it('draws one page naming the employee, with the pay and deductions that add up to gross less net', async () => {
    const pdf = await drawPaystubPdf(STUB);
    const document = await PDFDocument.load(pdf);
    expect(document.getPageCount()).toBe(1);
    const text = await readPdfText(pdf);
    expect(text).toContain('Riverside Medical Group');
    expect(text).toContain('Maria Gonzalez-Ruiz');
    expect(text).toContain('03/13/2026');
    expect(text).toContain('02/28/2026 - 03/13/2026');
    expect(text).toContain('$2,480.00');
    expect(text).toContain('$1,876.54');
    expect(text).toContain(formatDollars(STUB.grossCents - STUB.netCents));

    // The deduction lines, between the section's heading and its total, sum to the total.
    const section = text.slice(text.indexOf('Taxes and deductions'), text.indexOf('Total deductions'));
    const lines = section.split('\n').filter((line) => line.includes('$'));
    expect(lines.map((line) => line.replace(/\s*\$.*$/, '').trim())).toEqual([
      'Federal income tax',
      'Social Security',
      'Medicare',
      'State income tax',
    ]);
    const current = lines.map((line) => dollarsIn(line)[0] ?? 0);
    expect(current.reduce((sum, cents) => sum + cents, 0)).toBe(STUB.grossCents - STUB.netCents);
  });

  it('lists benefits when the deductions run past the taxes, and still adds up', async () => {
    const text = await readPdfText(await drawPaystubPdf({ ...STUB, grossCents: 400_000, netCents: 220_000 }));
    expect(text).toContain('Health insurance');
    expect(text).toContain('401(k)');
    expect(text).toContain(formatDollars(180_000));
    const section = text.slice(text.indexOf('Taxes and deductions'), text.indexOf('Total deductions'));
    const current = section
      .split('\n')
      .filter((line) => line.includes('$'))
      .map((line) => dollarsIn(line)[0] ?? 0);
    expect(current.reduce((sum, cents) => sum + cents, 0)).toBe(180_000);
  });

  it('gives the same bytes for the same stub', async () => {
    const first = Buffer.from(await drawPaystubPdf(STUB));
    expect(Buffer.from(await drawPaystubPdf(STUB)).equals(first)).toBe(true);
  });

  it('refuses a net pay above gross pay, or amounts that are not whole cents', async () => {
    await expect(drawPaystubPdf({ ...STUB, netCents: STUB.grossCents + 1 })).rejects.toThrow(RangeError);
    await expect(drawPaystubPdf({ ...STUB, grossCents: 10.5 })).rejects.toThrow(RangeError);
    expect(() => drawPaystubImage({ ...STUB, netCents: -1 })).toThrow(RangeError);
  });
});

describe('drawPaystubImage', () => {
  it('draws a photo of the printed stub, the same for the same stub', () => {
    const first = drawPaystubImage(STUB);
    const image = decoded(first);
    expect([image.width, image.height]).toEqual([820, 1040]);
    // White paper on a darker table.
    expect(spread(image.data)).toBeGreaterThan(150);
    expect(drawPaystubImage(STUB).equals(first)).toBe(true);
    expect(drawPaystubImage({ ...STUB, netCents: 187_655 }).equals(first)).toBe(false);
  });
});
