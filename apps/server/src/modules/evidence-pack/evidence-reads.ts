import { and, asc, eq, getTableColumns, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { CUSTOMER_UPLOAD_KINDS } from '@portal/contracts';
import {
  acdvRequests,
  bankAccounts,
  bankruptcyNotices,
  debitCards,
  disputes,
  messageAttachments,
  messages,
  tickets,
  type Executor,
} from '@portal/db';
import { findAuditTrail, type AuditEventRecord } from '../../platform/audit.ts';
import { findBankruptciesOfCustomers } from '../bankruptcies/index.ts';
import { readFurnishedRecords, readReportedLoans } from '../credit-reporting/index.ts';
import { customerEmailsOf, findCustomer, findRecentComments, type CustomerRecord } from '../customers/index.ts';
import { findDocumentsOfCustomers, type DocumentRecord } from '../documents/index.ts';
import type { LetterKind } from '../letters/index.ts';
import {
  customerLoansJson,
  decodeCustomerLoans,
  findDebitAuthorizationsOfCustomer,
  findDebitStopsOfCustomer,
} from '../loans/index.ts';
import { findEmployeeNames } from '../session/index.ts';
import type { EvidencePackDeps } from './deps.ts';
import { readIdentityReviews, readIncomeReviews } from './underwriting-reads.ts';

// Everything the pack holds of one customer, read in one transaction (a consistent snapshot): each
// owner's query where it has one (the customer, comments and addresses; the loans with payments,
// returns, comments and statements as the user card reads them; letters; bankruptcy cases; the
// Metro 2 view; the audit trail), and, listed in table-owners.ts, the rows no owner answers for a
// whole customer (every bank account and card, messages, disputes, ACDVs, notices).

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

// More than any customer's trail; a pack that reaches it says so in its index.
export const AUDIT_TRAIL_LIMIT = 100_000;
// Comments are read newest first with a limit; this is "all of them".
const ALL_COMMENTS = 1_000_000;

// Every column of a message but its raw MIME message or provider payload (what was said is the body).
const { raw: _raw, ...messageColumns } = getTableColumns(messages);

async function readMessages(tx: Executor, which: SQL | undefined) {
  const rows = await tx
    .select(messageColumns)
    .from(messages)
    .where(which)
    .orderBy(asc(messages.createdAt), asc(messages.id));
  const attached = await tx
    .select({ messageId: messageAttachments.messageId, documentId: messageAttachments.documentId })
    .from(messageAttachments)
    .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
    .where(which);
  const attachments = new Map<number, number[]>();
  for (const { messageId, documentId } of attached)
    attachments.set(messageId, [...(attachments.get(messageId) ?? []), documentId]);
  return rows.map((row) => ({ ...row, documentIds: (attachments.get(row.id) ?? []).sort((a, b) => a - b) }));
}

// Messages of conversations nobody has linked to the customer yet (tickets.customer_id null) that
// came from one of their addresses: their phone number or any email they have used, compared as
// tickets store a sender (phones as 10 digits, emails lowercased).
function unlinkedConversationMessages(customer: CustomerRecord): SQL | undefined {
  const addresses = sql`array(select lower(address) from unnest(${customerEmailsOf(sql`${customer.id}::bigint`)}) as address)`;
  const fromTheirs = or(
    sql`${tickets.contact} = any(${addresses})`,
    customer.email ? eq(tickets.contact, customer.email.toLowerCase()) : undefined,
    customer.phoneNumber ? eq(tickets.contact, customer.phoneNumber) : undefined,
  );
  const unlinkedTickets = sql`select ${tickets.id} from ${tickets} where ${and(isNull(tickets.customerId), fromTheirs)}`;
  return and(
    sql`${messages.ticketId} in (${unlinkedTickets})`,
    sql`${messages.customerId} is distinct from ${customer.id}`,
  );
}

async function readInstruments(tx: Executor, customerId: number) {
  const accounts = await tx
    .select({
      id: bankAccounts.id,
      // Never the whole account number (GLBA): its last four digits are read, nothing more.
      accountLast4: sql<string>`right(${bankAccounts.accountNumber}, 4)`,
      routingNumber: bankAccounts.routingNumber,
      dnp: bankAccounts.dnp,
      addedAt: bankAccounts.addedAt,
    })
    .from(bankAccounts)
    .where(eq(bankAccounts.customerId, customerId))
    .orderBy(asc(bankAccounts.addedAt), asc(bankAccounts.id));
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

// A dispute or ACDV is the customer's when it names them or one of their loans.
const customerOrLoans = (
  customerColumn: typeof disputes.customerId | typeof acdvRequests.customerId,
  loanColumn: typeof disputes.loanId | typeof acdvRequests.loanId,
  customerId: number,
  loanIds: readonly number[],
): SQL | undefined =>
  loanIds.length === 0
    ? eq(customerColumn, customerId)
    : or(eq(customerColumn, customerId), inArray(loanColumn, [...loanIds]));

async function readDisputes(tx: Executor, customerId: number, loanIds: readonly number[]) {
  return tx
    .select()
    .from(disputes)
    .where(customerOrLoans(disputes.customerId, disputes.loanId, customerId, loanIds))
    .orderBy(asc(disputes.receivedAt), asc(disputes.id));
}

async function readAcdvs(tx: Executor, customerId: number, loanIds: readonly number[]) {
  const rows = await tx
    .select()
    .from(acdvRequests)
    .where(customerOrLoans(acdvRequests.customerId, acdvRequests.loanId, customerId, loanIds))
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

// The events of every record of the customer: themselves, their loans and payments, conversations
// and messages, disputes, ACDVs and notices (the entity types the modules audit under).
async function readAuditTrail(tx: Executor, subjects: Record<string, readonly number[]>): Promise<AuditEventRecord[]> {
  const entities = Object.entries(subjects)
    .filter(([, ids]) => ids.length > 0)
    .map(([entityType, ids]) => ({ entityType, entityIds: ids.map(String) }));
  const events = await findAuditTrail(tx, entities, AUDIT_TRAIL_LIMIT);
  // Oldest first, as a trail reads.
  return events.reverse();
}

export type EvidenceRecord = NonNullable<Awaited<ReturnType<typeof readEvidence>>>;

export async function readEvidence(
  tx: Executor,
  deps: Pick<EvidencePackDeps, 'storage'>,
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
  const paymentIds = loans.flatMap((entry) => entry.payments.map(({ payment }) => payment.id));
  const comments = await findRecentComments(tx, customerId, ALL_COMMENTS);
  const instruments = await readInstruments(tx, customerId);
  const messageRows = await readMessages(tx, eq(messages.customerId, customerId));
  const unlinkedMessages = await readMessages(tx, unlinkedConversationMessages(customer));
  const debitStops = await findDebitStopsOfCustomer(tx, customerId);
  const debitAuthorizations = await findDebitAuthorizationsOfCustomer(tx, customerId);
  const identityReviews = await readIdentityReviews(tx, customerId);
  const incomeReviews = await readIncomeReviews(tx, customerId);
  const documents: DocumentRecord[] = await findDocumentsOfCustomers(
    tx,
    [customerId],
    [...LETTER_KINDS, ...CUSTOMER_UPLOAD_KINDS],
  );
  const disputeRows = await readDisputes(tx, customerId, loanIds);
  const acdvRows = await readAcdvs(tx, customerId, loanIds);
  const bankruptcies = await findBankruptciesOfCustomers(tx, [customerId]);
  const notices = await readNotices(tx, customerId);
  const reported = await readReportedLoans(tx, loanIds, timeZone);
  const furnished = await readFurnishedRecords(tx, deps.storage, customerId, new Set(loanIds));
  const allMessages = [...messageRows, ...unlinkedMessages];
  const auditTrail = await readAuditTrail(tx, {
    customer: [customerId],
    loan: loanIds,
    payment: paymentIds,
    ticket: [...new Set(allMessages.flatMap((message) => (message.ticketId === null ? [] : [message.ticketId])))],
    message: allMessages.map((message) => message.id),
    dispute: disputeRows.map((dispute) => dispute.id),
    acdv_request: acdvRows.map((acdv) => acdv.id),
    bankruptcy_notice: notices.map((notice) => notice.id),
    debit_stop: debitStops.map((stop) => stop.id),
    debit_authorization: debitAuthorizations.map((authorization) => authorization.id),
    identity_review: identityReviews.map((review) => review.id),
    income_review: incomeReviews.map((review) => review.id),
  });
  const employeeIds = [
    customer.dncEmployeeId,
    customer.dnlEmployeeId,
    customer.ceaseEmployeeId,
    customer.attorneyEmployeeId,
    ...allMessages.map((row) => row.employeeId),
    ...debitAuthorizations.map((row) => row.recordedBy),
    ...identityReviews.flatMap((row) => [row.heldBy, row.decidedBy]),
    ...incomeReviews.flatMap((row) => [row.verifiedBy, row.requestedBy]),
    ...disputeRows.flatMap((row) => [row.resolvedBy, row.createdBy]),
    ...acdvRows.flatMap((row) => [row.respondedBy, row.importedBy]),
    ...notices.flatMap((row) => [row.processedBy, row.createdBy]),
    ...auditTrail.map((event) => event.employeeId),
  ].filter((id): id is number => id !== null);
  const employeeNames = await findEmployeeNames(tx, employeeIds);
  return {
    customer,
    emails: account?.emails ?? [],
    comments,
    ...instruments,
    loans,
    messages: messageRows,
    unlinkedMessages,
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
    reported: loanIds.flatMap((id) => {
      const loan = reported.get(id);
      return loan ? [loan] : [];
    }),
    auditTrail,
    auditTrailTruncated: auditTrail.length >= AUDIT_TRAIL_LIMIT,
    employeeNames,
  };
}
