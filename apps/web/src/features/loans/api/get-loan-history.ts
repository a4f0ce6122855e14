import { queryOptions, useQuery } from '@tanstack/react-query';
import { loanServicingCalls, type LoanHistoryResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';

// GET loans/history {loan_id}: every change to the loan and its payments, newest first.
export function getLoanHistory(loanId: number, signal?: AbortSignal): Promise<LoanHistoryResponse> {
  return callApi(loanServicingCalls.history, { query: { loan_id: loanId } }, { signal });
}

export function loanHistoryQueryOptions(loanId: number) {
  return queryOptions({
    queryKey: ['loans', loanId, 'history'] as const,
    queryFn: ({ signal }) => getLoanHistory(loanId, signal),
  });
}

export function useLoanHistory(loanId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...loanHistoryQueryOptions(loanId), enabled });
}
