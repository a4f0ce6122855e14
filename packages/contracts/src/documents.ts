import { z } from 'zod';
import { defineCall, FILE_RESPONSE, fillCallPath } from './call.ts';
import { API_BASE_PATH } from './constants.ts';
import { bigDatabaseIdSchema } from './primitives.ts';

// A customer's documents: uploaded files and the loan statements drawn on demand.

export const fetchDocumentsQuerySchema = z.object({
  user_id: bigDatabaseIdSchema,
  loan_id: bigDatabaseIdSchema.optional(),
});
export type FetchDocumentsQuery = z.input<typeof fetchDocumentsQuerySchema>;
// url is the document's file (GET documents/:id), fetched with the bearer header.
export const documentItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  loan_id: z.number().nullable(),
  date: z.string(),
  url: z.string(),
});
export type DocumentItem = z.infer<typeof documentItemSchema>;
export const fetchDocumentsResponseSchema = z.object({ documents: z.array(documentItemSchema) });
export type FetchDocumentsResponse = z.infer<typeof fetchDocumentsResponseSchema>;

// A stored file's id is digits; a statement's is statement-<id>.
export const documentFileParamsSchema = z.object({ id: z.string() });
export type DocumentFileParams = z.input<typeof documentFileParamsSchema>;

export const documentCalls = {
  // The customer's documents, of one loan when loan_id is given, newest first.
  fetchDocuments: defineCall({
    method: 'GET',
    path: 'users/fetch_documents',
    access: 'signedIn',
    query: fetchDocumentsQuerySchema,
    response: fetchDocumentsResponseSchema,
  }),
  getDocumentFile: defineCall({
    method: 'GET',
    path: 'documents/:id',
    access: 'signedIn',
    params: documentFileParamsSchema,
    response: FILE_RESPONSE,
  }),
};

// Where a document's file is read (GET documents/:id); a loan statement's id is 'statement-{id}'.
export const documentFileUrl = (id: string) =>
  `${API_BASE_PATH}/${fillCallPath(documentCalls.getDocumentFile.path, { id })}`;
export const statementDocumentId = (statementId: number) => `statement-${statementId}`;
