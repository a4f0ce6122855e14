import { statementDocumentId, type DocumentItem, type FetchDocumentsResponse } from '@portal/contracts';
import type { DocumentsDeps } from './deps.ts';
import { notFound } from '../../platform/http-error.ts';
import { findLoan, findStatementsOfCustomer } from '../loans/index.ts';
import { findCustomer } from '../customers/index.ts';
import * as repository from './repository.ts';
import { renderStatementPdf } from './statement-pdf.ts';
import { documentUrl, toDocumentItem } from './stored-documents.ts';

export type DocumentFile = { content: Buffer; contentType: string; fileName: string };

// Types a browser may show inline. Anything else an upload claims to be is served as a download
// (application/octet-stream), so a file that says it is HTML never runs as a page of ours.
const INLINE_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'text/plain']);

// GET users/fetch_documents: the customer's files and one entry per loan statement, newest first.
export async function listCustomerDocuments(
  context: DocumentsDeps,
  customerId: number,
  loanId: number | null,
): Promise<FetchDocumentsResponse> {
  if (!(await findCustomer(context.db, customerId))) throw notFound(`Customer ${customerId} was not found.`);
  if (loanId !== null) {
    const loan = await findLoan(context.db, loanId);
    if (!loan || loan.customerId !== customerId)
      throw notFound(`Loan ${loanId} is not a loan of customer ${customerId}.`);
  }
  const files = await repository.findCustomerDocuments(context.db, customerId, loanId);
  const statements = await findStatementsOfCustomer(context.db, customerId, loanId);
  const items: DocumentItem[] = [
    ...files.map((file) => toDocumentItem(file, context.businessTimeZone)),
    ...statements.map((statement) => ({
      id: statementDocumentId(statement.id),
      name: `Statement ${statement.statementDate}`,
      kind: 'statement',
      loan_id: statement.loanId,
      date: statement.statementDate,
      url: documentUrl(statementDocumentId(statement.id)),
    })),
  ];
  // Newest first; on the same day files come before statements, and the later row first.
  items.sort((a, b) => b.date.localeCompare(a.date) || sortKey(b) - sortKey(a));
  return { documents: items };
}

function sortKey(item: DocumentItem): number {
  const isStatement = item.id.startsWith('statement-');
  return (isStatement ? 0 : Number.MAX_SAFE_INTEGER / 2) + Number(item.id.replace('statement-', ''));
}

// GET documents/:id: a stored file, or a statement, drawn and stored the first time it is asked for.
export async function openDocument(context: DocumentsDeps, id: string): Promise<DocumentFile> {
  const missing = () => notFound(`Document ${id} was not found.`);
  const statementMatch = /^statement-(\d{1,15})$/.exec(id);
  if (statementMatch) return openStatement(context, Number(statementMatch[1]), missing);
  if (!/^\d{1,15}$/.test(id)) throw missing();
  const document = await repository.findDocument(context.db, Number(id));
  if (!document) throw missing();
  const content = await context.storage.read(document.storageKey);
  if (!content) throw notFound(`The file of document ${id} is missing from storage.`);
  const contentType = INLINE_TYPES.has(document.contentType) ? document.contentType : 'application/octet-stream';
  return { content, contentType, fileName: document.name };
}

async function openStatement(context: DocumentsDeps, statementId: number, missing: () => Error): Promise<DocumentFile> {
  const found = await repository.findStatementWithLoan(context.db, statementId);
  if (!found) throw missing();
  const fileName = `statement-${found.statement.statementDate}-loan-${found.loan.id}.pdf`;
  const stored = await context.storage.read(found.statement.storageKey);
  if (stored) return { content: stored, contentType: 'application/pdf', fileName };
  const content = await renderStatementPdf({ ...found, timeZone: context.businessTimeZone, now: context.clock.now() });
  // Kept, so the customer's statement reads the same every time it is opened.
  await context.storage.write(found.statement.storageKey, content);
  return { content, contentType: 'application/pdf', fileName };
}
