import type { ImportProblem } from '@portal/contracts';
import {
  ACDV_FILE_MAX_RECORDS,
  ACDV_REQUIRED_FIELDS,
  checkRecord,
  KNOWN_FIELDS,
  kindOf,
  NOT_ACDV,
  shown,
  unknownName,
  type Fields,
  type ParsedAcdvRecord,
} from './acdv-file-record.ts';
import { CsvSyntaxError, parseCsv } from './csv.ts';

// A file of ACDV requests in the Portal's import format (docs/acdv-import.md): JSON or CSV, one
// flat record per request, the same snake_case field names in both. Pure: no database, no clock.
// The file as a whole is refused only when it cannot be read at all; otherwise each record is
// checked on its own, so one typo does not hold back a bureau's whole batch: a bad record is
// reported with every problem found and skipped, the good ones are returned.

export type { AcdvImage, ParsedAcdvRecord } from './acdv-file-record.ts';
export type AcdvFileResult =
  | { ok: true; records: ParsedAcdvRecord[]; problems: ImportProblem[] }
  | { ok: false; error: string };

export {
  ACDV_FILE_FIELDS,
  ACDV_FILE_MAX_RECORDS,
  ACDV_IMAGE_MAX_BYTES,
  ACDV_REQUIRED_FIELDS,
} from './acdv-file-record.ts';

// ---- the file -----------------------------------------------------------------------------------

// A record as the file holds it, or what is wrong with it before its fields can be read.
type FileItem = { fields: Fields } | { problem: string; controlNumber: string | null };
type ReadFile = { ok: true; items: FileItem[] } | { ok: false; error: string };

function readJson(text: string): ReadFile {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      error: `This file is not valid JSON (${error instanceof Error ? error.message : 'unreadable'}).`,
    };
  }
  const shape = 'A JSON file of ACDV requests holds an array of requests, or an object with the array in "requests".';
  let list: unknown = document;
  if (typeof document === 'object' && document !== null && !Array.isArray(document)) {
    const keys = Object.keys(document);
    if (keys.includes('control_number'))
      return { ok: false, error: `${shape} This one is a single request: put it in [ ].` };
    const others = keys.filter((key) => key !== 'requests');
    if (others.length > 0)
      return { ok: false, error: `${shape} This one also has ${others.map((key) => `"${shown(key)}"`).join(', ')}.` };
    list = (document as { requests?: unknown }).requests;
  }
  if (!Array.isArray(list)) return { ok: false, error: shape };
  return {
    ok: true,
    items: list.map((entry: unknown): FileItem => {
      if (typeof entry === 'object' && entry !== null && !Array.isArray(entry))
        return { fields: new Map(Object.entries(entry)) };
      return { problem: `This record is ${kindOf(entry)}, not an object of ACDV fields.`, controlNumber: null };
    }),
  };
}

function readCsvFile(text: string, sniffed: boolean): ReadFile {
  let rows: string[][];
  try {
    rows = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { ok: false, error: `This CSV file cannot be read: ${error.message}` };
    throw error;
  }
  const [headerRow, ...dataRows] = rows;
  if (!headerRow) return { ok: false, error: 'The file is empty.' };
  const header = headerRow.map((cell) => cell.trim());
  // Without a name from the format, a first line naming none of our fields is not our file at all.
  if (sniffed && !header.some((cell) => KNOWN_FIELDS.has(cell))) return { ok: false, error: NOT_ACDV };
  const headerErrors: string[] = [];
  const unnamed = header.flatMap((cell, index) => (cell === '' ? [index + 1] : []));
  if (unnamed.length > 0) headerErrors.push(`The header has no name for column ${unnamed.join(', ')}.`);
  const unknown = header.filter((cell) => cell !== '' && !KNOWN_FIELDS.has(cell));
  if (unknown.length > 0)
    headerErrors.push(
      `The header has ${unknown.length === 1 ? 'an unknown column' : 'unknown columns'} ${unknown.map(unknownName).join(', ')}.`,
    );
  const twice = [...new Set(header.filter((cell, index) => cell !== '' && header.indexOf(cell) !== index))];
  if (twice.length > 0) headerErrors.push(`The header names ${twice.map((cell) => `'${cell}'`).join(', ')} twice.`);
  const missing = ACDV_REQUIRED_FIELDS.filter((field) => !header.includes(field));
  if (missing.length > 0) headerErrors.push(`The header lacks the required column(s) ${missing.join(', ')}.`);
  if (headerErrors.length > 0) return { ok: false, error: headerErrors.join(' ') };

  const controlColumn = header.indexOf('control_number');
  return {
    ok: true,
    items: dataRows
      // A row of empty cells (a spreadsheet's trailing ",,,,") holds no request.
      .filter((row) => row.some((cell) => cell.trim() !== ''))
      .map((row): FileItem => {
        if (row.length !== header.length) {
          // The cells may be shifted: name the control number only when it still looks like one.
          const guess = row[controlColumn]?.trim() ?? '';
          return {
            problem: `This row has ${row.length} ${row.length === 1 ? 'cell' : 'cells'}, but the header has ${header.length} columns (a comma inside a value needs the value in double quotes).`,
            controlNumber: /^[A-Za-z0-9-]{1,64}$/.test(guess) ? guess : null,
          };
        }
        return { fields: new Map(header.map((column, index) => [column, row[index]])) };
      }),
  };
}

// UTF-8 only (a BOM is dropped); anything else, a PDF or a spreadsheet's binary, is not our file.
function decodeText(content: Buffer): string | null {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(content);
    return text.includes('\u0000') ? null : text;
  } catch {
    return null;
  }
}

export function parseAcdvFile(fileName: string, content: Buffer, today: string): AcdvFileResult {
  const text = decodeText(content);
  if (text === null) return { ok: false, error: NOT_ACDV };
  if (text.trim() === '') return { ok: false, error: 'The file is empty.' };
  // The name decides; without a known extension, the first character does ([ or { is JSON).
  const extension = /\.(json|csv)$/i.exec(fileName)?.[1]?.toLowerCase();
  const first = text.trimStart()[0];
  const json = extension ? extension === 'json' : first === '[' || first === '{';
  const file = json ? readJson(text) : readCsvFile(text, extension === undefined);
  if (!file.ok) return file;
  if (file.items.length === 0) return { ok: false, error: 'The file holds no ACDV requests.' };
  if (file.items.length > ACDV_FILE_MAX_RECORDS)
    return {
      ok: false,
      error: `The file holds ${file.items.length.toLocaleString('en-US')} requests; at most ${ACDV_FILE_MAX_RECORDS.toLocaleString('en-US')} are read at once. Split it into smaller files.`,
    };

  const records: ParsedAcdvRecord[] = [];
  const problems: ImportProblem[] = [];
  // The first record with a control number keeps it; a later one is a problem, bad first or not,
  // since the file does not say which of the two the bureau meant.
  const firstWith = new Map<string, number>();
  file.items.forEach((item, index) => {
    const record = index + 1;
    if ('problem' in item) {
      problems.push({ record, control_number: item.controlNumber, errors: [item.problem] });
      return;
    }
    const checked = checkRecord(item.fields, today);
    const controlNumber = checked.controlNumber;
    if (controlNumber !== null) {
      const earlier = firstWith.get(controlNumber);
      if (earlier === undefined) firstWith.set(controlNumber, record);
      else checked.errors.push(`control_number ${controlNumber} is already used by record ${earlier} of this file.`);
    }
    if (checked.errors.length > 0 || checked.record === null)
      problems.push({ record, control_number: checked.shownControlNumber, errors: checked.errors });
    else records.push({ record, ...checked.record });
  });
  return { ok: true, records, problems };
}
