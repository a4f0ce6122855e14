import { and, asc, eq } from 'drizzle-orm';
import { creditReportAdjustments, creditReportingFiles, type Executor } from '@portal/db';
import type { FileStorage } from '../../platform/storage.ts';
import {
  BASE_SEGMENT_LAYOUT,
  HEADER_IDENTIFIER,
  METRO2_RECORD_LENGTH,
  TRAILER_IDENTIFIER,
  type BaseFieldName,
} from './metro2-layout.ts';

// The Metro 2 records of a customer's loans as they were furnished: read back from the stored files
// the Portal made for the bureaus (credit_reporting_files, kept in the file storage), not recomputed
// from today's data. Only the account's fields are answered: the consumer's SSN, date of birth and
// telephone number, which every base segment carries, stay in the file.

// A base segment's account fields, as written (amounts whole dollars, dates YYYY-MM-DD or null).
export type FurnishedRecord = {
  fileId: number;
  fileName: string;
  fileCreatedAt: Date;
  loanId: number;
  dateOfAccountInformation: string | null;
  accountStatus: string;
  paymentRating: string | null;
  paymentHistoryProfile: string;
  specialComment: string | null;
  complianceConditionCode: string | null;
  highestCreditDollars: number;
  currentBalanceDollars: number;
  amountPastDueDollars: number;
  originalChargeOffDollars: number;
  actualPaymentDollars: number;
  dateOfFirstDelinquency: string | null;
  dateClosed: string | null;
  dateOfLastPayment: string | null;
  consumerInformationIndicator: string | null;
};

export type FurnishedFile = { id: number; fileName: string; createdAt: Date; missing: boolean };

const FIELDS = new Map(BASE_SEGMENT_LAYOUT.map((field) => [field.name as string, field]));

function fieldOf(line: string, name: BaseFieldName): string {
  const field = FIELDS.get(name)!;
  return line.slice(field.start - 1, field.start - 1 + field.length);
}
const textOf = (line: string, name: BaseFieldName) => fieldOf(line, name).trim() || null;
const dollarsOf = (line: string, name: BaseFieldName) => Number(fieldOf(line, name)) || 0;
// MMDDYYYY to YYYY-MM-DD; eight zeros (no date) to null.
function dateOf(line: string, name: BaseFieldName): string | null {
  const value = fieldOf(line, name);
  if (!/^\d{8}$/.test(value) || value === '00000000') return null;
  return `${value.slice(4, 8)}-${value.slice(0, 2)}-${value.slice(2, 4)}`;
}

// The base segments of one file that are of `loanIds`, parsed by the layout the writer used.
export function furnishedRecordsOf(
  file: Omit<FurnishedFile, 'missing'>,
  content: string,
  loanIds: ReadonlySet<number>,
): FurnishedRecord[] {
  const records: FurnishedRecord[] = [];
  for (const line of content.split('\n')) {
    if (line.length < METRO2_RECORD_LENGTH) continue;
    const identifier = line.slice(4, 11).trim();
    if (identifier === HEADER_IDENTIFIER || identifier === TRAILER_IDENTIFIER) continue;
    const loanId = Number(fieldOf(line, 'consumerAccountNumber').trim());
    if (!loanIds.has(loanId)) continue;
    records.push({
      fileId: file.id,
      fileName: file.fileName,
      fileCreatedAt: file.createdAt,
      loanId,
      dateOfAccountInformation: dateOf(line, 'dateAccountInformation'),
      accountStatus: fieldOf(line, 'accountStatus').trim(),
      paymentRating: textOf(line, 'paymentRating'),
      paymentHistoryProfile: fieldOf(line, 'paymentHistoryProfile').trim(),
      specialComment: textOf(line, 'specialComment'),
      complianceConditionCode: textOf(line, 'complianceConditionCode'),
      highestCreditDollars: dollarsOf(line, 'highestCredit'),
      currentBalanceDollars: dollarsOf(line, 'currentBalance'),
      amountPastDueDollars: dollarsOf(line, 'amountPastDue'),
      originalChargeOffDollars: dollarsOf(line, 'originalChargeOffAmount'),
      actualPaymentDollars: dollarsOf(line, 'actualPaymentAmount'),
      dateOfFirstDelinquency: dateOf(line, 'dateFirstDelinquency'),
      dateClosed: dateOf(line, 'dateClosed'),
      dateOfLastPayment: dateOf(line, 'dateLastPayment'),
      consumerInformationIndicator: textOf(line, 'consumerInformationIndicator'),
    });
  }
  return records;
}

// Every stored Metro 2 file that furnished one of the customer's loans (found through the
// adjustments that put the loan in it, joined, not listed), oldest first, with the loan's records in
// it. A file missing from the storage is answered as missing, with no records.
export async function readFurnishedRecords(
  tx: Executor,
  storage: Pick<FileStorage, 'read'>,
  customerId: number,
  loanIds: ReadonlySet<number>,
): Promise<{ files: FurnishedFile[]; records: FurnishedRecord[] }> {
  const rows = await tx
    .selectDistinct({
      id: creditReportingFiles.id,
      fileName: creditReportingFiles.fileName,
      storageKey: creditReportingFiles.storageKey,
      createdAt: creditReportingFiles.createdAt,
    })
    .from(creditReportingFiles)
    .innerJoin(creditReportAdjustments, eq(creditReportAdjustments.correctionFileId, creditReportingFiles.id))
    .where(and(eq(creditReportAdjustments.customerId, customerId), eq(creditReportingFiles.kind, 'metro2_correction')))
    .orderBy(asc(creditReportingFiles.createdAt), asc(creditReportingFiles.id));
  const files: FurnishedFile[] = [];
  const records: FurnishedRecord[] = [];
  for (const row of rows) {
    const content = await storage.read(row.storageKey);
    files.push({ id: row.id, fileName: row.fileName, createdAt: row.createdAt, missing: content === null });
    if (content) records.push(...furnishedRecordsOf(row, content.toString('latin1'), loanIds));
  }
  return { files, records };
}
