import { NACHA_RECORD_LENGTH } from './nacha-file.ts';

// A NACHA return file (issue 41, decision 067): the bank sends back each entry it could not post as
// an entry detail record (6) with its addenda record (7) of addenda type 99, which names the return
// reason code and the trace number of our original entry. Pure: reads the text and says what it
// holds and what it could not read, line by line; applying the returns to payments is the caller's.

export type NachaReturn = {
  // The line of the entry detail record (1-based).
  line: number;
  returnCode: string;
  // Our original entry's trace number: what finds the payment.
  originalTrace: string;
  transactionCode: string;
  receivingDfi: string;
  accountNumber: string;
  amountCents: number;
  individualId: string;
  individualName: string;
};

export type NachaProblem = { line: number; message: string };

export type NachaReturnFile = {
  // YYYY-MM-DD from the file header's creation date (the day the returns were sent).
  createdOn: string | null;
  returns: NachaReturn[];
  problems: NachaProblem[];
};

const FILLER = /^9{94}$/;

function creationDate(header: string): string | null {
  const yymmdd = header.slice(23, 29);
  return /^\d{6}$/.test(yymmdd) ? `20${yymmdd.slice(0, 2)}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}` : null;
}

// `isReturnCode` says which reason codes NACHA has (loans' returnCodeBook, from the reference data).
export function readNachaReturns(text: string, isReturnCode: (code: string) => boolean): NachaReturnFile {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  const returns: NachaReturn[] = [];
  const problems: NachaProblem[] = [];
  let createdOn: string | null = null;
  // An entry waiting for its 99 addenda.
  let pending: Omit<NachaReturn, 'returnCode' | 'originalTrace'> | null = null;
  const entryWithoutAddenda = () => {
    if (pending) problems.push({ line: pending.line, message: 'An entry without its return addenda (type 99).' });
    pending = null;
  };

  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.length !== NACHA_RECORD_LENGTH) {
      problems.push({ line, message: `A record of ${raw.length} characters; NACHA records have 94.` });
      return;
    }
    if (FILLER.test(raw)) return;
    switch (raw[0]) {
      case '1':
        createdOn = creationDate(raw);
        return;
      case '5':
      case '8':
      case '9':
        entryWithoutAddenda();
        return;
      case '6': {
        entryWithoutAddenda();
        const amount = raw.slice(29, 39);
        if (!/^\d{10}$/.test(amount)) {
          problems.push({ line, message: 'The amount is not ten digits.' });
          return;
        }
        pending = {
          line,
          transactionCode: raw.slice(1, 3),
          receivingDfi: raw.slice(3, 12),
          accountNumber: raw.slice(12, 29).trim(),
          amountCents: Number(amount),
          individualId: raw.slice(39, 54).trim(),
          individualName: raw.slice(54, 76).trim(),
        };
        return;
      }
      case '7': {
        const entry = pending;
        pending = null;
        if (!entry) {
          problems.push({ line, message: 'An addenda record with no entry before it.' });
          return;
        }
        if (raw.slice(1, 3) !== '99') {
          problems.push({ line, message: `Addenda type ${raw.slice(1, 3)}, not a return (99).` });
          return;
        }
        const returnCode = raw.slice(3, 6);
        const originalTrace = raw.slice(6, 21);
        if (!isReturnCode(returnCode)) {
          problems.push({ line, message: `${returnCode.trim() || 'A blank code'} is not a NACHA return reason code.` });
          return;
        }
        if (!/^\d{15}$/.test(originalTrace)) {
          problems.push({ line, message: 'The original trace number is not fifteen digits.' });
          return;
        }
        returns.push({ ...entry, returnCode, originalTrace });
        return;
      }
      default:
        problems.push({ line, message: `Record type ${raw[0]} is not one of NACHA's (1, 5, 6, 7, 8, 9).` });
    }
  });
  entryWithoutAddenda();
  return { createdOn, returns, problems };
}
