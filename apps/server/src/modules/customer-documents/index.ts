// The customer-documents module's public face: links that let a customer send documents, and the

// messages asking them to.
export {
  deliverSoon,
  openUploadLinkFor,
  queueCustomerNotice,
  queueCustomerNoticeUnlessRefused,
} from './document-request.ts';
export {
  countLoanUploadsSince,
  insertUploadedDocuments,
  prepareUpload,
  type PreparedUpload,
} from './stored-uploads.ts';
