// CSV as RFC 4180 writes it (a header row, CRLF between rows, a field quoted when it holds a quote,
// comma or line break), for the examiner's spreadsheet (the evidence pack) and the lists' exports
// (modules/list-exports). A text cell that starts with = + - @, a tab or a carriage return is
// written after a ' so a spreadsheet shows it instead of running it as a formula (OWASP CSV
// injection); the pack's JSON files keep every text exactly as it is.

// Text as it is, a Date as ISO 8601, null as an empty cell, an object (JSON columns) as its JSON.
export type CsvValue = unknown;

const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === 'string'
        ? FORMULA_START.test(value)
          ? `'${value}`
          : value
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

// The header is the columns' names in order; each row gives a value per column.
export function toCsv<Column extends string>(
  columns: readonly Column[],
  rows: ReadonlyArray<Record<Column, CsvValue>>,
): string {
  return csvHeader(columns) + csvRows(columns, rows);
}

// A table written in pages: the header once, then each page's rows (each line ends in CRLF).
export const csvHeader = (columns: readonly string[]): string => `${columns.join(',')}\r\n`;

// One row of cells, in order, ending in CRLF.
export const csvLine = (values: readonly CsvValue[]): string => `${values.map(cell).join(',')}\r\n`;

export function csvRows<Column extends string>(
  columns: readonly Column[],
  rows: ReadonlyArray<Record<Column, CsvValue>>,
): string {
  return rows.map((row) => `${columns.map((column) => cell(row[column])).join(',')}\r\n`).join('');
}
