// A bank's return file, written by hand to the NACHA layouts, not by our writer (nacha-file.ts): a 6
// record, then its 7 record of addenda type 99 (return code, original trace, date of death, original
// receiving DFI).
export const line = (parts: string[]) => {
  const text = parts.join('');
  if (text.length > 94) throw new Error(`test record too long: ${text}`);
  return text.padEnd(94, ' ');
};
export const HEADER = line([
  '101 121000358',
  '1210003580',
  '2612051200',
  'A094101',
  'BANK OF AMERICA'.padEnd(23),
  'PORTAL LENDING',
]);
export const BATCH = line([
  '5200',
  'PORTAL LENDING'.padEnd(16),
  ''.padEnd(20),
  '1870123456',
  'PPD',
  'LOANPAYMNT',
  ''.padEnd(6),
  '261205',
  '   ',
  '1',
  '12100035',
  '0000001',
]);
export const entry = (amountCents: number, individualId: string, trace: string) =>
  line([
    '626',
    '01100001',
    '5',
    '123456789'.padEnd(17),
    String(amountCents).padStart(10, '0'),
    individualId.padEnd(15),
    'CAROL PARKER'.padEnd(22),
    '  ',
    '1',
    trace,
  ]);
export const addenda = (code: string, originalTrace: string, trace: string) =>
  line(['799', code, originalTrace, '      ', '01100001', ''.padEnd(44), trace]);
export const CONTROL = line(['8200']);
export const FOOTER = line(['9000001']);
export const FILL = '9'.repeat(94);

// A whole return file dated `createdOn` (YYYY-MM-DD): each return an entry and its 99 addenda.
export function returnFile(
  returns: readonly { code: string; originalTrace: string; amountCents: number; individualId?: string }[],
  createdOn: string,
): string {
  const stamp = createdOn.slice(2, 4) + createdOn.slice(5, 7) + createdOn.slice(8, 10);
  const lines = [
    HEADER.slice(0, 23) + stamp + HEADER.slice(29),
    BATCH,
    ...returns.flatMap((found, index) => {
      const trace = `01100001${String(index + 1).padStart(7, '0')}`;
      return [
        entry(found.amountCents, found.individualId ?? '', trace),
        addenda(found.code, found.originalTrace, trace),
      ];
    }),
    CONTROL,
    FOOTER,
  ];
  while (lines.length % 10 !== 0) lines.push(FILL);
  return `${lines.join('\n')}\n`;
}
