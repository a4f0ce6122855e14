import { isRoutingNumber, timeZoneOffsetMs } from '@portal/contracts';

// A NACHA ACH file (issue 41, decision 067): 94-character records, one PPD batch of the day's debits
// and credits. Record layouts per the NACHA Operating Rules, Appendix Three (ACH record format
// specifications); positions are 1-based in the comments, as the rules number them. Pure: the
// caller picks the entries (the duties at the door are enforced before this) and stores the file.

export const NACHA_RECORD_LENGTH = 94;
const BLOCKING_FACTOR = 10;
// One batch of both directions: service class 200 (mixed debits and credits).
const MIXED_SERVICE_CLASS = '200';
const PPD = 'PPD';

export type NachaSettings = {
  // The ODFI's routing number (9 digits) and name: where the file goes.
  immediateDestination: string;
  immediateDestinationName: string;
  // The originator's 10-character identification (often '1' and the EIN) and name: who sends it.
  immediateOrigin: string;
  immediateOriginName: string;
  companyName: string;
  // The Company Identification of the batch (10 characters).
  companyIdentification: string;
  // What the customer's statement shows, e.g. 'LOANPAYMNT' (10 characters).
  companyEntryDescription: string;
  // The ODFI's first 8 routing digits: the start of every trace number.
  originatingDfi: string;
  // A-Z or 0-9: tells apart files sent the same day.
  fileIdModifier: string;
  timeZone: string;
};

export type NachaEntry = {
  kind: 'debit' | 'credit';
  routingNumber: string;
  accountNumber: string;
  accountType: 'checking' | 'savings';
  amountCents: number;
  // Ours, e.g. the payment's id (15 characters at most): comes back on a return.
  individualId: string;
  individualName: string;
  // The trace number's sequence (the 7 digits after the ODFI's 8), when the caller numbers the entries;
  // otherwise they are numbered from `firstTraceSequence` in the order given.
  traceSequence?: number;
};

export type NachaFile = {
  text: string;
  // Each entry's trace number, in the order given.
  traceNumbers: string[];
  totalDebitCents: number;
  totalCreditCents: number;
  entryHash: string;
  entryCount: number;
  recordCount: number;
};

const TRANSACTION_CODES = {
  debit: { checking: '27', savings: '37' },
  credit: { checking: '22', savings: '32' },
} as const;

// Alphanumeric fields: upper case, accents dropped (José is JOSE), other characters outside printable
// ASCII as spaces, cut or padded with spaces on the right.
function alpha(value: string, length: number): string {
  const clean = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^\x20-\x7E]/g, ' ');
  return clean.slice(0, length).padEnd(length, ' ');
}

// Numeric fields: zero-filled on the left; a value that does not fit is a bug, never cut.
function numeric(value: number | string, length: number, what: string): string {
  const text = String(value);
  if (!/^\d+$/.test(text) || text.length > length)
    throw new Error(`NACHA ${what}: ${text} does not fit ${length} digits.`);
  return text.padStart(length, '0');
}

function record(parts: string[]): string {
  const line = parts.join('');
  if (line.length !== NACHA_RECORD_LENGTH) throw new Error(`NACHA record of ${line.length} characters: ${line}`);
  return line;
}

// YYMMDD and HHMM of an instant in the business time zone.
function creationStamp(at: Date, timeZone: string): { date: string; time: string } {
  const local = new Date(at.getTime() + timeZoneOffsetMs(at.getTime(), timeZone)).toISOString();
  return {
    date: local.slice(2, 4) + local.slice(5, 7) + local.slice(8, 10),
    time: local.slice(11, 13) + local.slice(14, 16),
  };
}

function yymmdd(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`NACHA effective date: ${date} is not YYYY-MM-DD.`);
  return date.slice(2, 4) + date.slice(5, 7) + date.slice(8, 10);
}

function checkSettings(settings: NachaSettings): void {
  if (!isRoutingNumber(settings.immediateDestination))
    throw new Error('NACHA immediate destination: not a routing number.');
  if (!/^\d{8}$/.test(settings.originatingDfi)) throw new Error('NACHA originating DFI: 8 digits.');
  if (!/^[A-Z0-9]$/.test(settings.fileIdModifier)) throw new Error('NACHA file ID modifier: one of A-Z, 0-9.');
  if (settings.immediateOrigin.length !== 10) throw new Error('NACHA immediate origin: 10 characters.');
  if (settings.companyIdentification.length !== 10) throw new Error('NACHA company identification: 10 characters.');
}

function checkEntry(entry: NachaEntry, index: number): void {
  const at = `NACHA entry ${index + 1}`;
  if (!isRoutingNumber(entry.routingNumber)) throw new Error(`${at}: the routing number is not valid.`);
  if (!/^[0-9A-Za-z-]{1,17}$/.test(entry.accountNumber)) throw new Error(`${at}: the account number is not valid.`);
  if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents <= 0 || entry.amountCents > 99_999_999_99)
    throw new Error(`${at}: the amount is not a whole number of cents between 1 and 9,999,999,999.`);
}

// Trace sequences are seven digits and run on from file to file (a return names its entry by the
// trace number alone), from 1 to 9,999,999 and round again.
export const TRACE_SEQUENCE_LIMIT = 9_999_999;
export const traceSequenceAfter = (sequence: number, count: number) =>
  ((sequence - 1 + count) % TRACE_SEQUENCE_LIMIT) + 1;

// The file for the entries, effective on `effectiveDate` (YYYY-MM-DD), made at `createdAt`, its
// first entry's trace sequence `firstTraceSequence`.
export function buildNachaFile(
  settings: NachaSettings,
  entries: readonly NachaEntry[],
  effectiveDate: string,
  createdAt: Date,
  firstTraceSequence = 1,
): NachaFile {
  checkSettings(settings);
  const stamp = creationStamp(createdAt, settings.timeZone);
  const effective = yymmdd(effectiveDate);
  const batchNumber = numeric(1, 7, 'batch number');
  const lines: string[] = [
    record([
      '1',
      '01',
      ` ${settings.immediateDestination}`,
      alpha(settings.immediateOrigin, 10),
      stamp.date,
      stamp.time,
      settings.fileIdModifier,
      '094',
      numeric(BLOCKING_FACTOR, 2, 'blocking factor'),
      '1',
      alpha(settings.immediateDestinationName, 23),
      alpha(settings.immediateOriginName, 23),
      alpha('', 8),
    ]),
    record([
      '5',
      MIXED_SERVICE_CLASS,
      alpha(settings.companyName, 16),
      alpha('', 20),
      alpha(settings.companyIdentification, 10),
      PPD,
      alpha(settings.companyEntryDescription, 10),
      alpha('', 6),
      effective,
      alpha('', 3),
      '1',
      settings.originatingDfi,
      batchNumber,
    ]),
  ];

  const traceNumbers: string[] = [];
  let totalDebitCents = 0;
  let totalCreditCents = 0;
  let hash = 0;
  entries.forEach((entry, index) => {
    checkEntry(entry, index);
    const trace =
      settings.originatingDfi +
      numeric(entry.traceSequence ?? traceSequenceAfter(firstTraceSequence, index), 7, 'trace sequence');
    traceNumbers.push(trace);
    if (entry.kind === 'debit') totalDebitCents += entry.amountCents;
    else totalCreditCents += entry.amountCents;
    hash += Number(entry.routingNumber.slice(0, 8));
    lines.push(
      record([
        '6',
        TRANSACTION_CODES[entry.kind][entry.accountType],
        entry.routingNumber.slice(0, 8),
        entry.routingNumber.slice(8),
        alpha(entry.accountNumber, 17),
        numeric(entry.amountCents, 10, 'amount'),
        alpha(entry.individualId, 15),
        alpha(entry.individualName, 22),
        alpha('', 2),
        '0',
        trace,
      ]),
    );
  });

  // The sum of the receiving DFI identifications, its last ten digits.
  const entryHash = numeric(hash % 10_000_000_000, 10, 'entry hash');
  lines.push(
    record([
      '8',
      MIXED_SERVICE_CLASS,
      numeric(entries.length, 6, 'entry count'),
      entryHash,
      numeric(totalDebitCents, 12, 'total debits'),
      numeric(totalCreditCents, 12, 'total credits'),
      alpha(settings.companyIdentification, 10),
      alpha('', 19),
      alpha('', 6),
      settings.originatingDfi,
      batchNumber,
    ]),
  );
  const recordCount = lines.length + 1;
  const blockCount = Math.ceil(recordCount / BLOCKING_FACTOR);
  lines.push(
    record([
      '9',
      numeric(1, 6, 'batch count'),
      numeric(blockCount, 6, 'block count'),
      numeric(entries.length, 8, 'entry count'),
      entryHash,
      numeric(totalDebitCents, 12, 'total debits'),
      numeric(totalCreditCents, 12, 'total credits'),
      alpha('', 39),
    ]),
  );
  // The last block filled with records of nines.
  const filler = '9'.repeat(NACHA_RECORD_LENGTH);
  while (lines.length % BLOCKING_FACTOR !== 0) lines.push(filler);

  return {
    text: `${lines.join('\n')}\n`,
    traceNumbers,
    totalDebitCents,
    totalCreditCents,
    entryHash,
    entryCount: entries.length,
    recordCount,
  };
}
