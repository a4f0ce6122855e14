import { loanServicingCalls, type LoanActionResponse, type LoanActionRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useLoanCardAction } from './use-loan-card-action.ts';

// PATCH loans/reopen_loan {loan_id}: an approved loan closed before funding opens again.
export function reopenLoan(input: LoanActionRequest): Promise<LoanActionResponse> {
  return callApi(loanServicingCalls.reopenLoan, { body: input });
}

export function useReopenLoan({ mutationConfig }: { mutationConfig?: MutationConfig<typeof reopenLoan> } = {}) {
  return useLoanCardAction(reopenLoan, mutationConfig);
}
