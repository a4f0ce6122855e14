import { createRequire } from 'node:module';

// Every file is read back by an independent parser from the npm registry (decision 067):
// @midlandsbank/node-nacha, a port of Eli Doran's @ach/ach, not our code.
export type ParsedEntry = {
  transactionCode: string;
  receivingDFIIdentification: number;
  checkDigit: number;
  dfiAccount: string;
  amount: number;
  identificationNumber: string;
  receivingCompanyName: string;
  traceNumber: number;
};
export type ParsedFile = {
  file: {
    destination: string;
    origin: string;
    creationDate: string;
    creationTime: string;
    idModifier: string;
    destinationName: string;
    originName: string;
    footer: {
      batchCount: number;
      blockCount: number;
      entryAndAddendaCount: number;
      entryHash: number;
      totalDebit: number;
      totalCredit: number;
    };
  };
  batches: Array<{
    serviceClassCode: number;
    companyName: string;
    companyId: string;
    entryClassCode: string;
    description: string;
    effectiveDate: string;
    originatingDFIIdentification: string;
    entries: ParsedEntry[];
    footer: { entryAndAddendaCount: number; entryHash: number; totalDebit: number; totalCredit: number };
  }>;
};
const nacha = createRequire(import.meta.url)('@midlandsbank/node-nacha') as {
  from: (text: string) => { data: ParsedFile };
};
// The file as the parser reads it; throws on a file it cannot read.
export const parseNacha = (text: string): ParsedFile => nacha.from(text).data;
