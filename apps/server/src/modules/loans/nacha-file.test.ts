import { describe, expect, it } from 'vitest';
import { isRoutingNumber } from '@portal/contracts';
import { parseNacha as parse } from '../../testing/nacha-parser.ts';
import { buildNachaFile, NACHA_RECORD_LENGTH, type NachaEntry, type NachaSettings } from './nacha-file.ts';

// Every file is read back by an independent parser (testing/nacha-parser.ts), not our code.

const settings: NachaSettings = {
  immediateDestination: '121000358',
  immediateDestinationName: 'Bank of America',
  immediateOrigin: '1870123456',
  immediateOriginName: 'Portal Lending',
  companyName: 'Portal Lending',
  companyIdentification: '1870123456',
  companyEntryDescription: 'LOANPAYMNT',
  originatingDfi: '12100035',
  fileIdModifier: 'A',
  timeZone: 'America/Los_Angeles',
};

const debit = (overrides: Partial<NachaEntry> = {}): NachaEntry => ({
  kind: 'debit',
  routingNumber: '011000015',
  accountNumber: '123456789',
  accountType: 'checking',
  amountCents: 32_933,
  individualId: 'P1001',
  individualName: 'Carol Parker',
  ...overrides,
});

// 2026-12-03 21:30 UTC is 13:30 in Los Angeles.
const CREATED = new Date('2026-12-03T21:30:00Z');

describe('buildNachaFile', () => {
  it('writes the five record types field by field, 94 characters each, padded to a block of ten', () => {
    const file = buildNachaFile(
      settings,
      [
        debit(),
        debit({
          kind: 'credit',
          accountType: 'savings',
          routingNumber: '121000358',
          amountCents: 1_500,
          individualId: 'R7',
          individualName: 'Ben Ito',
        }),
      ],
      '2026-12-04',
      CREATED,
    );
    const lines = file.text.split('\n');
    expect(lines.at(-1)).toBe('');
    lines.pop();
    expect(lines).toHaveLength(10);
    expect(lines.every((line) => line.length === NACHA_RECORD_LENGTH)).toBe(true);
    const [header, batch, first, second, control, footer, ...fill] = lines;
    expect(header).toBe(
      '101 12100035818701234562612031330A094101BANK OF AMERICA        PORTAL LENDING                 ',
    );
    expect(batch).toBe(
      '5200PORTAL LENDING                      1870123456PPDLOANPAYMNT      261204   1121000350000001',
    );
    expect(first).toBe(
      '627011000015123456789        0000032933P1001          CAROL PARKER            0121000350000001',
    );
    expect(second).toBe(
      '632121000358123456789        0000001500R7             BEN ITO                 0121000350000002',
    );
    // Entry hash: 01100001 + 12100035 = 13200036.
    expect(control).toBe(
      '820000000200132000360000000329330000000015001870123456                         121000350000001',
    );
    expect(footer).toBe(
      '9000001000001000000020013200036000000032933000000001500                                       ',
    );
    expect(fill).toEqual(Array(4).fill('9'.repeat(94)));
    expect(file).toMatchObject({
      traceNumbers: ['121000350000001', '121000350000002'],
      totalDebitCents: 32_933,
      totalCreditCents: 1_500,
      entryHash: '0013200036',
      entryCount: 2,
      recordCount: 6,
    });
  });

  it('is read back the same by an independent parser', () => {
    const entries = [
      debit(),
      debit({
        routingNumber: '026009593',
        accountNumber: '9876543210123',
        accountType: 'savings',
        amountCents: 12_345_67,
      }),
      debit({ kind: 'credit', amountCents: 4_200, individualId: 'R42', individualName: 'Dana Reyes' }),
    ];
    const file = buildNachaFile(settings, entries, '2026-12-04', CREATED);
    const parsed = parse(file.text);
    expect(parsed.file).toMatchObject({
      destination: ' 121000358',
      origin: '1870123456',
      creationDate: '261203',
      creationTime: '1330',
      idModifier: 'A',
      destinationName: 'BANK OF AMERICA',
      originName: 'PORTAL LENDING',
      footer: {
        batchCount: 1,
        blockCount: 1,
        entryAndAddendaCount: 3,
        entryHash: Number(file.entryHash),
        totalDebit: 32_933 + 12_345_67,
        totalCredit: 4_200,
      },
    });
    const [batch] = parsed.batches;
    expect(batch).toMatchObject({
      serviceClassCode: 200,
      companyName: 'PORTAL LENDING',
      entryClassCode: 'PPD',
      description: 'LOANPAYMNT',
      effectiveDate: '261204',
      originatingDFIIdentification: '12100035',
      footer: {
        entryAndAddendaCount: 3,
        entryHash: Number(file.entryHash),
        totalDebit: 32_933 + 12_345_67,
        totalCredit: 4_200,
      },
    });
    expect(
      batch?.entries.map((entry) => [
        entry.transactionCode,
        `${String(entry.receivingDFIIdentification).padStart(8, '0')}${entry.checkDigit}`,
        entry.dfiAccount,
        entry.amount,
        entry.identificationNumber,
        entry.receivingCompanyName,
        String(entry.traceNumber),
      ]),
    ).toEqual([
      ['27', '011000015', '123456789', 32_933, 'P1001', 'CAROL PARKER', file.traceNumbers[0]],
      ['37', '026009593', '9876543210123', 12_345_67, 'P1001', 'CAROL PARKER', file.traceNumbers[1]],
      ['22', '011000015', '123456789', 4_200, 'R42', 'DANA REYES', file.traceNumbers[2]],
    ]);
  });

  it('builds 100,000 entries whose totals, hash and counts the parser agrees with', () => {
    const entries = Array.from({ length: 100_000 }, (_, index) =>
      debit({ amountCents: 1_000 + (index % 5_000), individualId: `P${index + 1}` }),
    );
    const file = buildNachaFile(settings, entries, '2026-12-04', CREATED);
    expect(file.recordCount).toBe(100_004);
    expect(file.text.split('\n').length - 1).toBe(100_010);
    const parsed = parse(file.text);
    expect(parsed.batches[0]?.entries).toHaveLength(100_000);
    expect(parsed.file.footer).toMatchObject({
      blockCount: 10_001,
      entryAndAddendaCount: 100_000,
      totalDebit: file.totalDebitCents,
      entryHash: Number(file.entryHash),
    });
    // The hash keeps its last ten digits: 100,000 x 01100001 = 110,000,100,000.
    expect(file.entryHash).toBe('0000100000');
  });

  it('checks routing numbers by their check digit, and refuses what cannot go in a file', () => {
    expect(isRoutingNumber('121000358')).toBe(true);
    expect(isRoutingNumber('121000359')).toBe(false);
    expect(isRoutingNumber('12100035')).toBe(false);
    const build = (entry: NachaEntry) => buildNachaFile(settings, [entry], '2026-12-04', CREATED);
    expect(() => build(debit({ routingNumber: '011000016' }))).toThrow(
      'NACHA entry 1: the routing number is not valid.',
    );
    expect(() => build(debit({ amountCents: 0 }))).toThrow(/the amount is not a whole number of cents/);
    expect(() => build(debit({ amountCents: 10.5 }))).toThrow(/the amount is not a whole number of cents/);
    expect(() => build(debit({ accountNumber: '1234567890123456789' }))).toThrow(/account number is not valid/);
    expect(() => buildNachaFile({ ...settings, fileIdModifier: 'a' }, [debit()], '2026-12-04', CREATED)).toThrow(
      /file ID modifier/,
    );
    expect(() => buildNachaFile(settings, [debit()], '12/04/2026', CREATED)).toThrow(/effective date/);
  });

  it('keeps names to upper-case printable characters, accents dropped, and their field length', () => {
    const file = buildNachaFile(
      settings,
      [debit({ individualName: 'José Ñúñez-O’Brien Longname' })],
      '2026-12-04',
      CREATED,
    );
    const entry = file.text.split('\n')[2] ?? '';
    expect(entry.slice(54, 76)).toBe('JOSE NUNEZ-O BRIEN LON');
  });
});
