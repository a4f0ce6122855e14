import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchDocumentsResponse } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { documentKeys } from '../../../lib/query-keys.ts';

export type DocumentItem = ReturnType<typeof fetchDocumentsResponse.parse>['documents'][number];

// GET users/fetch_documents {user_id, loan_id}: the customer's uploaded and generated documents.
export function fetchDocuments(userId: number, loanId: number | null, signal?: AbortSignal): Promise<{ documents: DocumentItem[] }> {
  return apiRequest('users/fetch_documents', { query: { user_id: userId, loan_id: loanId ?? undefined }, schema: fetchDocumentsResponse, signal });
}

export function documentsQueryOptions(userId: number, loanId: number | null) {
  return queryOptions({
    queryKey: documentKeys.list(userId, loanId),
    queryFn: ({ signal }) => fetchDocuments(userId, loanId, signal),
  });
}

export function useDocuments(userId: number, loanId: number | null, enabled: boolean) {
  return useQuery({ ...documentsQueryOptions(userId, loanId), enabled });
}
