// The documents module's public face: other modules import from here, never from its other files.

export type { DocumentRecord } from './repository.ts';
export {
  countLoanDocumentsSince,
  findDocumentsOfCustomers,
  findLoanDocuments,
  insertDocument,
  insertDocuments,
  markLoanDocumentsReviewed,
  toDocumentItem,
} from './stored-documents.ts';
export { LENDER_NAME } from './statement-pdf.ts';
