import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, parseCsv } from './csv.ts';

// RFC 4180 as the ACDV import reads it, with the leniencies spreadsheets need.

describe('parseCsv', () => {
  it('reads plain rows with LF or CRLF line ends, with or without a final line end', () => {
    expect(parseCsv('a,b,c\n1,2,3\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
    expect(parseCsv('a,b\r\n1,2\r\n3,4')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(parseCsv('a,b\r1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('reads quoted fields holding commas, doubled quotes and line breaks', () => {
    expect(parseCsv('name,note\r\n"Doe, Jane","She said ""no"""\r\n"x","line one\r\nline two"\r\n')).toEqual([
      ['name', 'note'],
      ['Doe, Jane', 'She said "no"'],
      ['x', 'line one\r\nline two'],
    ]);
  });

  it('keeps empty fields, including a trailing one and an empty quoted one', () => {
    expect(parseCsv('a,,c,\n"",x,"",\n')).toEqual([
      ['a', '', 'c', ''],
      ['', 'x', '', ''],
    ]);
  });

  it('drops a BOM and skips blank lines', () => {
    expect(parseCsv('\uFEFFa,b\n\n1,2\r\n   \r\n\n3,4\n\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('keeps cells as written and tolerates spaces around a quoted field and a quote inside an unquoted one', () => {
    expect(parseCsv(' a , "b" ,c\n12" pipe,x,y')).toEqual([
      [' a ', 'b', 'c'],
      ['12" pipe', 'x', 'y'],
    ]);
  });

  it('returns no rows for an empty text', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\uFEFF\r\n\n')).toEqual([]);
  });

  it('refuses an unclosed quote and text after a closing quote, naming the line', () => {
    expect(() => parseCsv('a,b\n1,"open\n2,3\n')).toThrow(
      new CsvSyntaxError('the quoted field opened on line 2 is never closed.', 2),
    );
    const error = (() => {
      try {
        parseCsv('a,b\n"x"y,2\n');
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(CsvSyntaxError);
    expect(error).toMatchObject({
      line: 2,
      message: expect.stringContaining('line 2 has text after the closing quote'),
    });
  });

  it('counts lines inside quoted fields for its error messages', () => {
    expect(() => parseCsv('a\n"one\ntwo"\n"x"y\n')).toThrow(/line 4 has text after the closing quote/);
  });
});
