import { loanServicingCalls, type LoanActionResponse, type LoanActionRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useLoanCardAction } from './use-loan-card-action.ts';

// PATCH loans/cancel {loan_id}: closes a loan not yet funded.
export function cancelLoan(input: LoanActionRequest): Promise<LoanActionResponse> {
  return callApi(loanServicingCalls.cancel, { body: input });
}

export function useCancelLoan({ mutationConfig }: { mutationConfig?: MutationConfig<typeof cancelLoan> } = {}) {
  return useLoanCardAction(cancelLoan, mutationConfig);
}
