import { loanServicingCalls, type LoanActionResponse, type LoanActionRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useLoanCardAction } from './use-loan-card-action.ts';

// PATCH loans/clear_alert {loan_id}: the fraud alert in the comments no longer holds the loan.
export function clearAlert(input: LoanActionRequest): Promise<LoanActionResponse> {
  return callApi(loanServicingCalls.clearAlert, { body: input });
}

export function useClearAlert({ mutationConfig }: { mutationConfig?: MutationConfig<typeof clearAlert> } = {}) {
  return useLoanCardAction(clearAlert, mutationConfig);
}
