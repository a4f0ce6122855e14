import { loanServicingCalls, type LoanActionResponse, type LoanEditRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useLoanCardAction } from './use-loan-card-action.ts';

// PATCH loans/edit_info {parameter, text, loan_id, force}: one field of the loan.
export function editLoanInfo(input: LoanEditRequest): Promise<LoanActionResponse> {
  return callApi(loanServicingCalls.editInfo, { body: input });
}

export function useEditLoanInfo({ mutationConfig }: { mutationConfig?: MutationConfig<typeof editLoanInfo> } = {}) {
  return useLoanCardAction(editLoanInfo, mutationConfig);
}
