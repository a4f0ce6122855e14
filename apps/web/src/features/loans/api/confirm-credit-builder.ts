import { loanServicingCalls, type LoanActionResponse, type LoanActionRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useLoanCardAction } from './use-loan-card-action.ts';

// PATCH loans/confirm_cb {loan_id}: confirms (approves) a Credit Builder loan.
export function confirmCreditBuilder(input: LoanActionRequest): Promise<LoanActionResponse> {
  return callApi(loanServicingCalls.confirmCb, { body: input });
}

export function useConfirmCreditBuilder({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof confirmCreditBuilder> } = {}) {
  return useLoanCardAction(confirmCreditBuilder, mutationConfig);
}
