import { loanServicingCalls, type LoanActionResponse, type LoanActionRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useLoanCardAction } from './use-loan-card-action.ts';

// PATCH loans/toggle_ach {loan_id}: automatic payments (ACH) on or off.
export function toggleLoanAch(input: LoanActionRequest): Promise<LoanActionResponse> {
  return callApi(loanServicingCalls.toggleAch, { body: input });
}

export function useToggleLoanAch({ mutationConfig }: { mutationConfig?: MutationConfig<typeof toggleLoanAch> } = {}) {
  return useLoanCardAction(toggleLoanAch, mutationConfig);
}
