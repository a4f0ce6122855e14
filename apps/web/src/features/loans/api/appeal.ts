import { loanServicingCalls, type LoanActionResponse, type LoanActionRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useLoanCardAction } from './use-loan-card-action.ts';

// POST loans/appeal {loan_id}: a denied loan goes back to review ('Appeal successful').
export function appealLoan(input: LoanActionRequest): Promise<LoanActionResponse> {
  return callApi(loanServicingCalls.appeal, { body: input });
}

export function useAppealLoan({ mutationConfig }: { mutationConfig?: MutationConfig<typeof appealLoan> } = {}) {
  return useLoanCardAction(appealLoan, mutationConfig);
}
