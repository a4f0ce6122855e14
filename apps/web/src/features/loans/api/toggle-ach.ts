import { loanCalls, type ActionResponse, type LoanIdRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useLoanAction } from './use-loan-action.ts';

// PATCH toggle_ach {loan_id}: turns auto debit (ACH) on or off.
export function toggleAch(input: LoanIdRequest): Promise<ActionResponse> {
  return callApi(loanCalls.toggleAch, { body: input });
}

export function useToggleAch({ mutationConfig }: { mutationConfig?: MutationConfig<typeof toggleAch> } = {}) {
  return useLoanAction(toggleAch, mutationConfig);
}
