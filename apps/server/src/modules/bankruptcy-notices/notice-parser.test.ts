import { describe, expect, it } from 'vitest';
import {
  CHAPTER_7_SAMPLE_FIELDS,
  CHAPTER_13_SAMPLE_FIELDS,
  DISCHARGE_SAMPLE_FIELDS,
} from '../../testing/notice-test-kit.ts';
import { EMPTY_NOTICE_FIELDS } from '@portal/contracts';
import { readPdfText } from '../../platform/pdf-text.ts';
import { noticeDate, readNotice } from './notice-parser.ts';
import { drawNotice, type SampleNoticeFields, type SampleNoticeKind } from '@portal/demo-data/samples';

// Notices in the shapes courts send (official forms 309A, 309I, 318, and the orders dismissing a
// case, converting it and confirming a plan), drawn as real PDFs (@portal/demo/samples) and read back
// through the PDF text reader, as an upload is.

async function readDrawn(
  kind: SampleNoticeKind,
  fields: Partial<SampleNoticeFields> = {},
  options: { pages?: 1 | 2; scanned?: boolean } = {},
) {
  return readNotice(await readPdfText(await drawNotice(kind, fields, options)));
}

const nothing = EMPTY_NOTICE_FIELDS;

// An order's own date ('Dated: ...') is also the date of the notice.
describe('parseNoticeText on the courts’ notices', () => {
  it.each([1, 2] as const)(
    'reads a Notice of Chapter 7 Bankruptcy Case (309A) with two debtors, %i page(s)',
    async (pages) => {
      const { hasText, parsed } = await readDrawn('chapter7', {}, { pages });
      expect(hasText).toBe(true);
      expect(parsed).toEqual({
        ...nothing,
        type: 'InitialFiling',
        ...CHAPTER_7_SAMPLE_FIELDS,
      });
    },
  );

  it('keeps a debtor’s SSN printed whole as its nine digits, and a masked one as its last four', async () => {
    const { parsed } = await readDrawn('chapter7', { debtorSsn: '123456789', jointDebtorSsn: '0042' });
    expect(parsed).toMatchObject({ debtor_ssn: '123456789', joint_debtor_ssn: '0042' });
  });

  it('reads a Notice of Chapter 13 Bankruptcy Case (309I) of one debtor in a district without a direction', async () => {
    const { parsed } = await readDrawn('chapter13', {}, { pages: 2 });
    expect(parsed).toEqual({
      ...nothing,
      type: 'InitialFiling',
      ...CHAPTER_13_SAMPLE_FIELDS,
    });
  });

  it('reads an Order of Discharge (318)', async () => {
    const { parsed } = await readDrawn('discharge', {}, { pages: 2 });
    expect(parsed).toEqual({
      ...nothing,
      type: 'Discharge',
      ...DISCHARGE_SAMPLE_FIELDS,
    });
  });

  it('reads an order dismissing a chapter 13 case', async () => {
    const { parsed } = await readDrawn('dismissal', { debtorSsn: '9876' });
    expect(parsed).toEqual({
      ...nothing,
      type: 'Dismissal',
      case_number: '24-01999',
      court_district: 'FLM',
      b_type: '13',
      debtor_name: 'Aisha Johnson',
      debtor_ssn: '9876',
      dismissed: '2024-09-03',
      notice_date: '2024-09-03',
    });
  });

  it('reads an order converting a case (the chapter it goes to) and an order confirming a plan', async () => {
    const converted = await readDrawn('conversion');
    expect(converted.parsed).toEqual({
      ...nothing,
      type: 'Conversion',
      case_number: '22-44120',
      court_district: 'MIE',
      b_type: '7',
      debtor_name: 'Luis Ortega',
      converted: '2025-01-09',
      notice_date: '2025-01-09',
    });
    const toThirteen = await readDrawn('conversion', { chapter: 13 });
    expect(toThirteen.parsed.b_type).toBe('13');
    const confirmed = await readDrawn('planConfirmation');
    expect(confirmed.parsed).toEqual({
      ...nothing,
      type: 'PlanConfirmation',
      case_number: '24-11002',
      court_district: 'WAW',
      b_type: '13',
      debtor_name: 'Grace Kim',
      plan_confirmed: '2025-02-03',
      notice_date: '2025-02-03',
    });
  });

  it.each([1, 2] as const)(
    'reads a scanned notice of %i page(s) (no text layer) as nothing, and says it has no text',
    async (pages) => {
      const { hasText, parsed } = await readDrawn('chapter7', {}, { pages, scanned: true });
      expect(hasText).toBe(false);
      expect(parsed).toEqual({ ...nothing, type: 'Other' });
    },
  );
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
