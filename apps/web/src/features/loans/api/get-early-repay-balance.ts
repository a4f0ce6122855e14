import { queryOptions, useQuery } from '@tanstack/react-query';
import { earlyRepayBalanceResponse } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export type EarlyRepayBalance = { loan_id: number; date: string; balance: number };

// GET early_repay_balance {loan_id, date}: what the customer would pay to close the loan on date.
export function getEarlyRepayBalance(loanId: number, date: string, signal?: AbortSignal): Promise<EarlyRepayBalance> {
  return apiRequest('early_repay_balance', { query: { loan_id: loanId, date }, schema: earlyRepayBalanceResponse, signal });
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
