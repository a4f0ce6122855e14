// The documents module's public face: other modules import from here, never from its other files.

export { insertDocument, toDocumentItem } from './stored-documents.ts';
export { LENDER_NAME } from './statement-pdf.ts';
