import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatSsn, isoToUsDate } from '@portal/contracts';

// Bankruptcy notices in the shapes courts send, drawn as real PDFs with pdf-lib: the notice of a
// chapter 7 case (Official Form 309A), of a chapter 13 case (309I), the discharge order (318), and
// the orders dismissing a case, converting it and confirming a plan. Used by the parser's and the
// upload's tests, the back-office benchmark and the end-to-end specs, so they all read the same
// documents. Dates are given as YYYY-MM-DD and printed the way each form prints them.

export type SampleNoticeKind = 'chapter7' | 'chapter13' | 'discharge' | 'dismissal' | 'conversion' | 'planConfirmation';

export type SampleNoticeFields = {
  caseNumber: string;
  // As the court names itself: 'Northern District of California', 'District of Arizona'.
  district: string;
  // The case's chapter; for a conversion, the chapter it becomes.
  chapter: 7 | 13;
  debtorName: string | null;
  // Four digits print as 'xxx-xx-1234' (the official forms), nine print whole.
  debtorSsn: string | null;
  jointDebtorName: string | null;
  jointDebtorSsn: string | null;
  // YYYY-MM-DD: the petition's date, and the order's own date (discharge, dismissal, ...).
  filed: string;
  dated: string;
  noticeDate: string | null;
};

export type SampleNoticeOptions = {
  // A second page of the form's explanations, as the real notices have.
  pages?: 1 | 2;
  // Scanned: each page one image, no text layer (nothing can be read from it).
  scanned?: boolean;
};

const DEFAULTS: Record<SampleNoticeKind, SampleNoticeFields> = {
  chapter7: {
    caseNumber: '24-10234',
    district: 'Northern District of California',
    chapter: 7,
    debtorName: 'John Allen Smith',
    debtorSsn: '1234',
    jointDebtorName: 'Mary Beth Smith',
    jointDebtorSsn: '5678',
    filed: '2024-03-04',
    dated: '2024-03-06',
    noticeDate: null,
  },
  chapter13: {
    caseNumber: '2:24-bk-05512-MCW',
    district: 'District of Arizona',
    chapter: 13,
    debtorName: 'Rosa Delgado',
    debtorSsn: '4321',
    jointDebtorName: null,
    jointDebtorSsn: null,
    filed: '2024-05-14',
    dated: '2024-05-20',
    noticeDate: '2024-05-20',
  },
  discharge: {
    caseNumber: '23-31877',
    district: 'Southern District of Texas',
    chapter: 7,
    debtorName: 'Kevin Tran',
    debtorSsn: null,
    jointDebtorName: null,
    jointDebtorSsn: null,
    filed: '2023-04-10',
    dated: '2024-08-12',
    noticeDate: null,
  },
  dismissal: {
    caseNumber: '24-01999',
    district: 'Middle District of Florida',
    chapter: 13,
    debtorName: 'Aisha Johnson',
    debtorSsn: null,
    jointDebtorName: null,
    jointDebtorSsn: null,
    filed: '2024-02-01',
    dated: '2024-09-03',
    noticeDate: null,
  },
  conversion: {
    caseNumber: '22-44120',
    district: 'Eastern District of Michigan',
    chapter: 7,
    debtorName: 'Luis Ortega',
    debtorSsn: null,
    jointDebtorName: null,
    jointDebtorSsn: null,
    filed: '2022-06-15',
    dated: '2025-01-09',
    noticeDate: null,
  },
  planConfirmation: {
    caseNumber: '24-11002',
    district: 'Western District of Washington',
    chapter: 13,
    debtorName: 'Grace Kim',
    debtorSsn: null,
    jointDebtorName: null,
    jointDebtorSsn: null,
    filed: '2024-07-22',
    dated: '2025-02-03',
    noticeDate: null,
  },
};

export function sampleNoticeFields(
  kind: SampleNoticeKind,
  fields: Partial<SampleNoticeFields> = {},
): SampleNoticeFields {
  return { ...DEFAULTS[kind], ...fields };
}

// 309A/309I print MM/DD/YYYY; the orders write the date out ('August 12, 2024').
const numericDate = isoToUsDate;
const writtenOut = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const wordDate = (date: string) => writtenOut.format(new Date(`${date}T12:00:00Z`));
const printedSsn = (ssn: string) => (ssn.length === 9 ? formatSsn(ssn) : `xxx-xx-${ssn}`);

function debtorLines(fields: SampleNoticeFields): string[] {
  const line = (label: string, name: string | null, ssn: string | null) =>
    name === null && ssn === null
      ? []
      : [`${label} ${name ?? ''}${ssn === null ? '' : ` Social Security number or ITIN ${printedSsn(ssn)}`}`];
  return [
    ...line('Debtor 1', fields.debtorName, fields.debtorSsn),
    ...line('Debtor 2', fields.jointDebtorName, fields.jointDebtorSsn),
  ];
}

function firstPage(kind: SampleNoticeKind, fields: SampleNoticeFields): string[] {
  const noticeDate = fields.noticeDate === null ? [] : [`Notice date: ${wordDate(fields.noticeDate)}`];
  // How the official forms open (the notice of the case, the discharge), and how the court's other
  // orders name the case.
  const caseIdentification = [
    'Information to identify the case:',
    ...debtorLines(fields),
    `United States Bankruptcy Court for the ${fields.district}`,
  ];
  const orderCaption = [fields.district, `In re: ${debtorLines(fields)[0] ?? ''}`, `Case number: ${fields.caseNumber}`];
  switch (kind) {
    case 'chapter7':
    case 'chapter13':
      return [
        ...caseIdentification,
        `Case number: ${fields.caseNumber}`,
        kind === 'chapter7' ? 'Official Form 309A (For Individuals or Joint Debtors)' : 'Official Form 309I',
        kind === 'chapter7'
          ? 'Notice of Chapter 7 Bankruptcy Case - No Proof of Claim Deadline'
          : 'Notice of Chapter 13 Bankruptcy Case',
        `Date case filed for chapter ${fields.chapter}: ${numericDate(fields.filed)}`,
        'You may be a creditor of the debtor. This notice has important information about the case.',
        `Meeting of creditors: ${wordDate(fields.dated)} at 10:00 AM, by telephone`,
        ...noticeDate,
      ];
    case 'discharge':
      return [
        ...caseIdentification,
        `Case No.: ${fields.caseNumber}`,
        `Chapter ${fields.chapter}`,
        fields.chapter === 7 ? 'Order of Discharge (Official Form 318)' : 'Order of Discharge (Official Form 3180W)',
        `IT IS ORDERED: A discharge under 11 U.S.C. § ${fields.chapter === 7 ? '727' : '1328(a)'} is granted to: ${fields.debtorName ?? ''}`,
        `Dated: ${numericDate(fields.dated)}`,
        'By the court: United States Bankruptcy Judge',
        ...noticeDate,
      ];
    case 'dismissal':
      return [
        `UNITED STATES BANKRUPTCY COURT ${fields.district.toUpperCase()}`,
        `In re: ${debtorLines(fields)[0] ?? ''}`,
        `Case No. ${fields.caseNumber} Chapter ${fields.chapter}`,
        'ORDER DISMISSING CASE',
        'The case is dismissed for failure to make plan payments.',
        `Dated: ${wordDate(fields.dated)}`,
        ...noticeDate,
      ];
    case 'conversion':
      return [
        ...orderCaption,
        `ORDER CONVERTING CASE UNDER CHAPTER ${fields.chapter === 7 ? 13 : 7} TO A CASE UNDER CHAPTER ${fields.chapter}`,
        `Dated: ${numericDate(fields.dated)}`,
        ...noticeDate,
      ];
    case 'planConfirmation':
      return [
        ...orderCaption,
        'ORDER CONFIRMING CHAPTER 13 PLAN',
        'The plan meets the requirements of 11 U.S.C. § 1325.',
        `Dated: ${numericDate(fields.dated)}`,
        ...noticeDate,
      ];
  }
}

// The back of the forms: explanations in plain words, with nothing a reader could take for a field.
const SECOND_PAGE = [
  'Explanations',
  'Do not file this notice with any proof of claim or other filing in the case.',
  'Creditors cannot sue, garnish wages, assert a deficiency, repossess property, or otherwise try to',
  'collect from the debtors personally while the automatic stay is in effect.',
  'The staff of the bankruptcy clerk’s office cannot give legal advice.',
  'You may want to consult an attorney to protect your rights.',
  'Debtors must keep the court informed of any change of mailing address.',
];

function drawLines(page: PDFPage, font: PDFFont, lines: readonly string[]): void {
  lines.forEach((line, index) => page.drawText(line, { x: 50, y: 740 - index * 16, size: 10, font }));
}

// A grey page of scan noise: a PNG (8-bit greyscale) built by hand, so no image library is needed.
function scanImage(width: number, height: number, seed: number): Buffer {
  const raw = Buffer.alloc((width + 1) * height);
  let state = seed;
  for (let y = 0; y < height; y += 1) {
    raw[y * (width + 1)] = 0;
    for (let x = 0; x < width; x += 1) {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      // Dark strokes where text lines would be, on an off-white page.
      const inLine = y % 16 < 3 && x > 20 && x < width - 20;
      raw[y * (width + 1) + 1 + x] = inLine ? 40 + (state % 60) : 230 + (state % 20);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function drawNotice(
  kind: SampleNoticeKind,
  fields: Partial<SampleNoticeFields> = {},
  options: SampleNoticeOptions = {},
): Promise<Uint8Array> {
  const values = sampleNoticeFields(kind, fields);
  const pageCount = options.pages ?? 1;
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Bankruptcy case ${values.caseNumber}`);
  if (options.scanned) {
    for (let index = 0; index < pageCount; index += 1) {
      const image = await pdf.embedPng(scanImage(153, 198, index + 1));
      pdf.addPage([612, 792]).drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
    }
    return pdf.save();
  }
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  drawLines(pdf.addPage([612, 792]), font, firstPage(kind, values));
  if (pageCount === 2) drawLines(pdf.addPage([612, 792]), font, SECOND_PAGE);
  return pdf.save();
}
