import { describe, expect, it } from 'vitest';
import { isNachaReturnCode } from './return-codes.ts';
import { readNachaReturns } from './nacha-returns.ts';
import { addenda, BATCH, CONTROL, entry, FILL, FOOTER, HEADER, line } from '../../testing/nacha-return-file.ts';

// A bank's return file, written by hand to the NACHA layouts (testing/nacha-return-file.ts).
const read = (lines: string[], ending = '\n') => readNachaReturns(lines.join(ending) + ending, isNachaReturnCode);

describe('readNachaReturns', () => {
  it('reads each returned entry: its code, our original trace, amount and who', () => {
    const file = read([
      HEADER,
      BATCH,
      entry(32_933, 'P1001', '011000010000001'),
      addenda('R01', '121000350000001', '011000010000001'),
      entry(1_500, 'P1002', '011000010000002'),
      addenda('R10', '121000350000002', '011000010000002'),
      CONTROL,
      FOOTER,
      FILL,
      FILL,
    ]);
    expect(file.problems).toEqual([]);
    expect(file.createdOn).toBe('2026-12-05');
    expect(file.returns).toEqual([
      {
        line: 3,
        returnCode: 'R01',
        originalTrace: '121000350000001',
        transactionCode: '26',
        receivingDfi: '011000015',
        accountNumber: '123456789',
        amountCents: 32_933,
        individualId: 'P1001',
        individualName: 'CAROL PARKER',
      },
      expect.objectContaining({ line: 5, returnCode: 'R10', originalTrace: '121000350000002', amountCents: 1_500 }),
    ]);
  });

  it('reads CRLF line ends alike', () => {
    const file = read(
      [
        HEADER,
        BATCH,
        entry(100, 'P9', '011000010000009'),
        addenda('R02', '121000350000009', '011000010000009'),
        CONTROL,
        FOOTER,
      ],
      '\r\n',
    );
    expect(file.problems).toEqual([]);
    expect(file.returns.map((entry) => entry.returnCode)).toEqual(['R02']);
  });

  it('names each line it cannot read and keeps the rest', () => {
    const file = read([
      HEADER,
      BATCH,
      entry(100, 'P1', '011000010000001'),
      addenda('R99', '121000350000001', '011000010000001'),
      entry(200, 'P2', '011000010000002'),
      entry(300, 'P3', '011000010000003'),
      addenda('R03', '121000350000003', '011000010000003'),
      addenda('R03', '121000350000004', '011000010000004'),
      'too short',
      line(['4abc']),
      entry(400, 'P5', '011000010000005'),
      line(['705', 'not a return']),
      entry(500, 'P6', '011000010000006'),
      addenda('R04', '12100035000000X', '011000010000006'),
      CONTROL,
      FOOTER,
    ]);
    expect(file.returns.map((entry) => [entry.line, entry.returnCode])).toEqual([[6, 'R03']]);
    expect(file.problems).toEqual([
      { line: 4, message: 'R99 is not a NACHA return reason code.' },
      { line: 5, message: 'An entry without its return addenda (type 99).' },
      { line: 8, message: 'An addenda record with no entry before it.' },
      { line: 9, message: 'A record of 9 characters; NACHA records have 94.' },
      { line: 10, message: "Record type 4 is not one of NACHA's (1, 5, 6, 7, 8, 9)." },
      { line: 12, message: 'Addenda type 05, not a return (99).' },
      { line: 14, message: 'The original trace number is not fifteen digits.' },
    ]);
  });

  it('an empty or foreign file is problems, never a throw', () => {
    expect(readNachaReturns('', isNachaReturnCode)).toEqual({ createdOn: null, returns: [], problems: [] });
    expect(readNachaReturns('%PDF-1.7\n', isNachaReturnCode).problems).toEqual([
      { line: 1, message: 'A record of 8 characters; NACHA records have 94.' },
    ]);
  });
});
