import { asc, eq, sql } from 'drizzle-orm';
import { CUSTOMER_UPLOAD_KINDS } from '@portal/contracts';
import { acdvRequests, bankAccounts, bankruptcyNotices, debitCards, disputes, type Executor } from '@portal/db';
import { findBankruptciesOfCustomers } from '../bankruptcies/index.ts';
import { readFurnishedRecords, readReportedLoans } from '../credit-reporting/index.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import {
  bankNumbersBoxIfConfigured,
  customerEmailsOf,
  findCustomer,
  findRecentComments,
  readableRouting,
  type CustomerRecord,
} from '../customers/index.ts';
import { findDocumentsOfCustomers, type DocumentRecord } from '../documents/index.ts';
import type { LetterKind } from '../letters/index.ts';
import {
  customerLoansJson,
  decodeCustomerLoans,
  findDebitAuthorizationsOfCustomer,
  findDebitStopsOfCustomer,
} from '../loans/index.ts';
import { findEveryCustomerNote } from '../notes/index.ts';
import { findEmployeeNames } from '../session/index.ts';
import type { EvidencePackDeps } from './deps.ts';
import { acdvsOf, disputesOf } from './history-queries.ts';
import { readIdentityReviews, readIncomeReviews } from './underwriting-reads.ts';

// What the pack holds of one customer besides its long lists (messages and the audit trail, read
// in pages by history-queries.ts), read in the pack's one transaction (a consistent snapshot): each
// owner's query where it has one (the customer, comments and addresses; the loans with payments,
// returns, comments and statements as the user card reads them; debit stops and authorizations;
// letters; bankruptcy cases; the Metro 2 view and the stored Metro 2 files), and, listed in
// table-owners.ts, the rows no owner answers for a whole customer (every bank account and card,
// disputes, ACDVs, notices, underwriting reviews).

// The letters the Portal draws (modules/letters), by kind, as the pack's index names them. A kind
// the letters module adds and this map lacks fails the type check, so no letter is left out unseen.
export const LETTER_TITLES = {
  account_status_letter: 'Account status letter',
  debt_validation_letter: 'Debt validation letter',
  fcra_packet: 'FCRA packet',
  fcra_103_mailer: 'Identity fraud dispute letter (FCRA 103 mailer)',
} as const satisfies Record<LetterKind, string>;
const LETTER_KINDS = Object.keys(LETTER_TITLES) as LetterKind[];
const isLetter = (document: DocumentRecord) => (LETTER_KINDS as readonly string[]).includes(document.kind);

// Comments are read newest first with a limit; this is "all of them".
const ALL_COMMENTS = 1_000_000;

async function readInstruments(tx: Executor, bankBox: SecretBox | null, customerId: number) {
  const rows = await tx
    .select({
      id: bankAccounts.id,
      // Never the whole account number (GLBA): its last four digits are read, and the routing
      // number opened alone (decision 070).
      accountLast4: bankAccounts.accountLast4,
      numbersSealed: bankAccounts.numbersSealed,
      dnp: bankAccounts.dnp,
      addedAt: bankAccounts.addedAt,
    })
    .from(bankAccounts)
    .where(eq(bankAccounts.customerId, customerId))
    .orderBy(asc(bankAccounts.addedAt), asc(bankAccounts.id));
  const accounts = rows.map(({ numbersSealed, ...row }) => ({
    ...row,
    routingNumber: readableRouting(bankBox, row.id, numbersSealed),
  }));
  const cards = await tx
    .select({
      id: debitCards.id,
      lastFour: debitCards.lastFour,
      brand: debitCards.brand,
      dnp: debitCards.dnp,
      addedAt: debitCards.addedAt,
    })
    .from(debitCards)
    .where(eq(debitCards.customerId, customerId))
    .orderBy(asc(debitCards.addedAt), asc(debitCards.id));
  return { bankAccounts: accounts, debitCards: cards };
}

async function readDisputes(tx: Executor, customerId: number) {
  return tx.select().from(disputes).where(disputesOf(customerId)).orderBy(asc(disputes.receivedAt), asc(disputes.id));
}

async function readAcdvs(tx: Executor, customerId: number) {
  const rows = await tx
    .select()
    .from(acdvRequests)
    .where(acdvsOf(customerId))
    .orderBy(asc(acdvRequests.receivedOn), asc(acdvRequests.id));
  // The SSN's keyed hash is for matching, not for anyone to read.
  return rows.map(({ ssnHash: _ssnHash, ...row }) => row);
}

async function readNotices(tx: Executor, customerId: number) {
  return tx
    .select({
      id: bankruptcyNotices.id,
      type: bankruptcyNotices.type,
      noticeSource: bankruptcyNotices.noticeSource,
      fileName: bankruptcyNotices.fileName,
      parsedData: bankruptcyNotices.parsedData,
      hasText: bankruptcyNotices.hasText,
      customerMatch: bankruptcyNotices.customerMatch,
      processedAt: bankruptcyNotices.processedAt,
      processedBy: bankruptcyNotices.processedBy,
      createdBy: bankruptcyNotices.createdBy,
      createdAt: bankruptcyNotices.createdAt,
    })
    .from(bankruptcyNotices)
    .where(eq(bankruptcyNotices.customerId, customerId))
    .orderBy(asc(bankruptcyNotices.createdAt), asc(bankruptcyNotices.id));
}

export type EvidenceRecord = NonNullable<Awaited<ReturnType<typeof readEvidence>>>;

export async function readEvidence(
  tx: Executor,
  deps: Pick<EvidencePackDeps, 'storage' | 'secretsKey'>,
  customerId: number,
  timeZone: string,
) {
  const customer: CustomerRecord | undefined = await findCustomer(tx, customerId);
  if (!customer) return undefined;
  // One statement: the correlated reads the owners offer for a customer id.
  const [account] = await tx
    .select({
      emails: customerEmailsOf(sql`${customerId}::bigint`),
      loans: customerLoansJson(sql`${customerId}::bigint`),
    })
    .from(sql`(values (1)) as one`);
  const loans = decodeCustomerLoans(account?.loans ?? []);
  const loanIds = loans.map(({ loan }) => loan.id);
  const comments = await findRecentComments(tx, customerId, ALL_COMMENTS);
  const instruments = await readInstruments(tx, bankNumbersBoxIfConfigured(deps), customerId);
  const debitStops = await findDebitStopsOfCustomer(tx, customerId);
  const debitAuthorizations = await findDebitAuthorizationsOfCustomer(tx, customerId);
  const identityReviews = await readIdentityReviews(tx, customerId);
  const incomeReviews = await readIncomeReviews(tx, customerId);
  const documents: DocumentRecord[] = await findDocumentsOfCustomers(
    tx,
    [customerId],
    [...LETTER_KINDS, ...CUSTOMER_UPLOAD_KINDS],
  );
  const disputeRows = await readDisputes(tx, customerId);
  const acdvRows = await readAcdvs(tx, customerId);
  const bankruptcies = await findBankruptciesOfCustomers(tx, [customerId]);
  const notices = await readNotices(tx, customerId);
  const reported = await readReportedLoans(tx, loanIds, timeZone);
  const furnished = await readFurnishedRecords(tx, deps.storage, customerId, new Set(loanIds));
  // Internal notes staff wrote about the customer and their tickets (issue 40): staff records.
  const notes = await findEveryCustomerNote(tx, customerId);
  const employeeIds = [
    customer.dncEmployeeId,
    customer.dnlEmployeeId,
    customer.ceaseEmployeeId,
    customer.attorneyEmployeeId,
    ...debitAuthorizations.map((row) => row.recordedBy),
    ...identityReviews.flatMap((row) => [row.heldBy, row.decidedBy]),
    ...incomeReviews.flatMap((row) => [row.verifiedBy, row.requestedBy]),
    ...disputeRows.flatMap((row) => [row.resolvedBy, row.createdBy]),
    ...acdvRows.flatMap((row) => [row.respondedBy, row.importedBy]),
    ...notices.flatMap((row) => [row.processedBy, row.createdBy]),
  ].filter((id): id is number => id !== null);
  const employeeNames = await findEmployeeNames(tx, employeeIds);
  return {
    customer,
    emails: account?.emails ?? [],
    comments,
    ...instruments,
    loans,
    debitStops,
    debitAuthorizations,
    identityReviews,
    incomeReviews,
    furnished,
    // Oldest first (they come newest first).
    letters: documents.filter(isLetter).reverse(),
    uploads: documents.filter((document) => !isLetter(document)).reverse(),
    disputes: disputeRows,
    acdvs: acdvRows,
    bankruptcies: bankruptcies.reverse(),
    notices,
    notes,
    reported: loanIds.flatMap((id) => {
      const loan = reported.get(id);
      return loan ? [loan] : [];
    }),
    // Filled further as the messages and the audit trail are read, page by page.
    employeeNames,
  };
}
