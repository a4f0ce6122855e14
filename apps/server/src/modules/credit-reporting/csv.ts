// CSV as RFC 4180 writes it: comma-separated fields, double-quoted when they hold a comma, a quote
// or a line break, a quote inside written twice (""); CRLF or LF line ends. The repo has no CSV
// package and this is all the ACDV import needs. Lenient where spreadsheets are sloppy (a UTF-8 BOM,
// blank lines, a lone CR, a quote inside an unquoted field, spaces around a quoted field), strict
// where the data would be guessed (an unclosed quote, text after a closing quote). Cells are
// returned as written: trimming is the caller's choice.

export class CsvSyntaxError extends Error {
  readonly line: number;
  constructor(message: string, line: number) {
    super(message);
    this.name = 'CsvSyntaxError';
    this.line = line;
  }
}

export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  // The field began with a quote / is inside its quotes / its closing quote was read.
  let quoted = false;
  let inQuotes = false;
  let closed = false;
  let line = 1;
  let openedOn = 1;

  const endField = () => {
    row.push(field);
    field = '';
    quoted = false;
    closed = false;
  };
  const endRow = () => {
    const blank = row.length === 0 && field.trim() === '' && !quoted;
    endField();
    // A blank (or whitespace-only) line is no row at all; a line holding only "" is one empty cell.
    if (!blank) rows.push(row);
    row = [];
  };

  for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length; i++) {
    const c = text[i];
    if (inQuotes) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          inQuotes = false;
          closed = true;
        }
        continue;
      }
      if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line++;
      field += c;
      continue;
    }
    if (c === ',') {
      endField();
      continue;
    }
    if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
      continue;
    }
    if (closed) {
      if (c === ' ' || c === '\t') continue;
      throw new CsvSyntaxError(
        `line ${line} has text after the closing quote of a field (a quote inside a quoted field is written twice: "").`,
        line,
      );
    }
    // Spaces before an opening quote are dropped; a quote later in an unquoted field is kept.
    if (c === '"' && field.trim() === '') {
      field = '';
      quoted = true;
      inQuotes = true;
      openedOn = line;
      continue;
    }
    field += c;
  }
  if (inQuotes) throw new CsvSyntaxError(`the quoted field opened on line ${openedOn} is never closed.`, openedOn);
  if (row.length > 0 || field !== '' || quoted) endRow();
  return rows;
}
