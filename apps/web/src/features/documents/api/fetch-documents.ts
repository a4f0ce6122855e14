import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentCalls, type FetchDocumentsResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';

export const documentKeys = {
  all: ['documents'] as const,
  list: (userId: number, loanId: number | null) => ['documents', userId, loanId] as const,
};

// GET users/fetch_documents {user_id, loan_id}: the customer's uploaded and generated documents.
export function fetchDocuments(
  userId: number,
  loanId: number | null,
  signal?: AbortSignal,
): Promise<FetchDocumentsResponse> {
  return callApi(
    documentCalls.fetchDocuments,
    { query: { user_id: userId, loan_id: loanId ?? undefined } },
    { signal },
  );
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
