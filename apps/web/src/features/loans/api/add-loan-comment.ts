import { loanServicingCalls, type LoanActionResponse, type LoanCommentRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useLoanCardAction } from './use-loan-card-action.ts';

// POST loans/comments {loan_id, comment}: a note in the loan's comments box.
export function addLoanComment(input: LoanCommentRequest): Promise<LoanActionResponse> {
  return callApi(loanServicingCalls.addComment, { body: input });
}

export function useAddLoanComment({ mutationConfig }: { mutationConfig?: MutationConfig<typeof addLoanComment> } = {}) {
  return useLoanCardAction(addLoanComment, mutationConfig);
}
