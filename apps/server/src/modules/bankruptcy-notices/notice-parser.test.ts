import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { readPdfText } from '../../platform/pdf-text.ts';
import { noticeDate, readNotice } from './notice-parser.ts';

// Notices in the shapes courts send (official forms 309A, 309I, 318, and the orders dismissing a
// case, converting it and confirming a plan), drawn as real PDFs and read back through the PDF
// text reader, as an upload is.

async function drawNotice(lines: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  lines.forEach((line, index) => page.drawText(line, { x: 50, y: 740 - index * 16, size: 10, font }));
  return pdf.save();
}

async function readDrawn(lines: string[]) {
  return readNotice(await readPdfText(await drawNotice(lines)));
}

describe('parseNoticeText on the courts’ notices', () => {
  it('reads a Notice of Chapter 7 Bankruptcy Case (309A) with two debtors', async () => {
    const { hasText, parsed } = await readDrawn([
      'Information to identify the case:',
      'Debtor 1 John Allen Smith Social Security number or ITIN xxx-xx-1234',
      'Debtor 2 Mary Beth Smith Social Security number or ITIN xxx-xx-5678',
      'United States Bankruptcy Court for the Northern District of California',
      'Case number: 24-10234',
      'Official Form 309A',
      'Notice of Chapter 7 Bankruptcy Case - No Proof of Claim Deadline',
      'Date case filed for chapter 7: 03/04/2024',
      'Meeting of creditors: April 2, 2024 at 10:00 AM',
    ]);
    expect(hasText).toBe(true);
    expect(parsed).toEqual({
      type: 'InitialFiling',
      case_number: '24-10234',
      court_district: 'CAN',
      b_type: '7',
      debtor_name: 'John Allen Smith',
      debtor_ssn: '1234',
      joint_debtor_name: 'Mary Beth Smith',
      joint_debtor_ssn: '5678',
      filed: '2024-03-04',
      discharged: null,
      dismissed: null,
      converted: null,
      plan_confirmed: null,
      notice_date: null,
    });
  });

  it('reads a Notice of Chapter 13 Bankruptcy Case (309I) of one debtor in a district without a direction', async () => {
    const { parsed } = await readDrawn([
      'Debtor 1 Rosa Delgado Social Security number or ITIN XXX-XX-4321',
      'United States Bankruptcy Court for the District of Arizona',
      'Case number: 2:24-bk-05512-MCW',
      'Notice of Chapter 13 Bankruptcy Case',
      'Date case filed for chapter 13: 5/14/2024',
      'Notice date: May 20, 2024',
    ]);
    expect(parsed).toMatchObject({
      type: 'InitialFiling',
      case_number: '2:24-BK-05512-MCW',
      court_district: 'AZ',
      b_type: '13',
      debtor_name: 'Rosa Delgado',
      debtor_ssn: '4321',
      joint_debtor_name: null,
      filed: '2024-05-14',
      notice_date: '2024-05-20',
    });
  });

  it('reads an Order of Discharge (318)', async () => {
    const { parsed } = await readDrawn([
      'United States Bankruptcy Court Southern District of Texas',
      'Case No.: 23-31877',
      'Chapter 7',
      'Order of Discharge',
      'IT IS ORDERED: A discharge under 11 U.S.C. § 727 is granted to: Kevin Tran',
      'Dated: 08/12/2024',
    ]);
    expect(parsed).toMatchObject({
      type: 'Discharge',
      case_number: '23-31877',
      court_district: 'TXS',
      b_type: '7',
      debtor_name: 'Kevin Tran',
      discharged: '2024-08-12',
      dismissed: null,
    });
  });

  it('reads an order dismissing a chapter 13 case', async () => {
    const { parsed } = await readDrawn([
      'UNITED STATES BANKRUPTCY COURT MIDDLE DISTRICT OF FLORIDA',
      'In re: Debtor 1 Aisha Johnson',
      'Case No. 24-01999 Chapter 13',
      'ORDER DISMISSING CASE',
      'The case is dismissed for failure to make plan payments.',
      'Dated: September 3, 2024',
    ]);
    expect(parsed).toMatchObject({
      type: 'Dismissal',
      case_number: '24-01999',
      court_district: 'FLM',
      b_type: '13',
      debtor_name: 'Aisha Johnson',
      dismissed: '2024-09-03',
    });
  });

  it('reads an order converting a case and an order confirming a plan', async () => {
    const converted = await readDrawn([
      'Eastern District of Michigan',
      'Case number: 22-44120',
      'ORDER CONVERTING CASE UNDER CHAPTER 13 TO A CASE UNDER CHAPTER 7',
      'Dated: 01/09/2025',
    ]);
    expect(converted.parsed).toMatchObject({ type: 'Conversion', court_district: 'MIE', converted: '2025-01-09' });
    const confirmed = await readDrawn([
      'Western District of Washington',
      'Case number: 24-11002',
      'ORDER CONFIRMING CHAPTER 13 PLAN',
      'Dated: 2/3/2025',
    ]);
    expect(confirmed.parsed).toMatchObject({
      type: 'PlanConfirmation',
      b_type: '13',
      court_district: 'WAW',
      plan_confirmed: '2025-02-03',
    });
  });

  it('reads a scanned notice (no text layer) as nothing, and says it has no text', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([612, 792]);
    page.drawRectangle({ x: 40, y: 40, width: 500, height: 700, borderWidth: 2 });
    const { hasText, parsed } = readNotice(await readPdfText(await pdf.save()));
    expect(hasText).toBe(false);
    expect(parsed.type).toBe('Other');
    expect(Object.entries(parsed).filter(([key, value]) => key !== 'type' && value !== null)).toEqual([]);
  });
});

describe('noticeDate', () => {
  it.each([
    ['03/04/2024', '2024-03-04'],
    ['3/4/24', '2024-03-04'],
    ['March 4, 2024', '2024-03-04'],
    ['Sept. 3, 2024', '2024-09-03'],
    ['02/30/2024', null],
    ['2024-03-04', null],
  ])('%s -> %s', (text, expected) => expect(noticeDate(text)).toBe(expected));
});
