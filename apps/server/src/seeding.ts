// @portal/server/seeding: what the demo (packages/demo: the dev start's demo data and
// `npm run db:seed`) may use of the server. The demo's notices, letters, ACDVs, documents, posts
// and emails go in through the product's own paths (read, matched, stored, audited) as real ones
// do; the server never imports the demo (eslint.config.js): the demo's start (npm start) calls the
// server's startPortal with the demo's extras, so the package graph runs one way, demo -> server.
export type { ServerContext } from './context.ts';
export type { Actor } from './platform/actor.ts';
export type { Clock } from './platform/clock.ts';
export type { FileStorage } from './platform/storage.ts';
export { loadConfig, loadSecretsKey } from './config.ts';
// The dev start with the demo (packages/demo/src/start.ts) is the server's start with its extras.
export { startPortal } from './start-portal.ts';
export { businessToday } from './platform/business-date.ts';
export { systemClock } from './platform/clock.ts';
export { toWinAnsi } from './platform/pdf.ts';
// How the server reads an uploaded PDF's text (the demo's tests read its drawn paystubs back).
export { readPdfText } from './platform/pdf-text.ts';
export { createDirectoryStorage } from './platform/storage.ts';
export { createNotices } from './modules/bankruptcy-notices/index.ts';
export { createBlogService, storeBlogImage, type BlogContext } from './modules/blog/index.ts';
export {
  importAcdvFile,
  readReportedLoans,
  reportAccount,
  scheduledMonthlyPaymentCents,
  wholeDollars,
} from './modules/credit-reporting/index.ts';
export { insertUploadedDocuments, prepareUpload, type PreparedUpload } from './modules/customer-documents/index.ts';
export {
  bankNumbersBoxOf,
  createBankNumbersSealer,
  createSsnSealer,
  insertBankAccount,
  openCustomerSsn,
} from './modules/customers/index.ts';
export { createDisputes } from './modules/disputes/index.ts';
export { openIdentityReview } from './modules/identifications/index.ts';
export { markPaystubsArrived } from './modules/income/index.ts';
export {
  parseTransactionEmail,
  serializeTransactionEmail,
  transactionEmailKey,
  type StoredTransactionEmail,
} from './modules/transaction-emails/index.ts';
