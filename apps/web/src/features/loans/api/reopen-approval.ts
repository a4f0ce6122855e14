import { loanCalls, type ActionResponse, type LoanIdRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useLoanAction } from './use-loan-action.ts';

// PATCH reopen_approval {loan_id}: reopens an approved loan that closed before funding.
export function reopenApproval(input: LoanIdRequest): Promise<ActionResponse> {
  return callApi(loanCalls.reopenApproval, { body: input });
}

export function useReopenApproval({ mutationConfig }: { mutationConfig?: MutationConfig<typeof reopenApproval> } = {}) {
  return useLoanAction(reopenApproval, mutationConfig);
}
