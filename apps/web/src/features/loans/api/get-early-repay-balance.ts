import { queryOptions, useQuery } from '@tanstack/react-query';
import { loanCalls, type EarlyRepayBalanceResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';

// GET early_repay_balance {loan_id, date}: what the customer would pay to close the loan on date.
export function getEarlyRepayBalance(
  loanId: number,
  date: string,
  signal?: AbortSignal,
): Promise<EarlyRepayBalanceResponse> {
  return callApi(loanCalls.getEarlyRepayBalance, { query: { loan_id: loanId, date } }, { signal });
}

export function earlyRepayBalanceQueryOptions(loanId: number, date: string) {
  return queryOptions({
    queryKey: ['loans', loanId, 'early-repay-balance', date] as const,
    queryFn: ({ signal }) => getEarlyRepayBalance(loanId, date, signal),
    staleTime: 60_000,
  });
}

export function useEarlyRepayBalance(loanId: number, date: string | null) {
  return useQuery({ ...earlyRepayBalanceQueryOptions(loanId, date ?? ''), enabled: date !== null });
}
