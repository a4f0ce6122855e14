import { loanCalls, type ActionResponse, type EarlyRepayCancelRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useLoanAction } from './use-loan-action.ts';

// DELETE early_repay {pmt_id}: cancels a scheduled early repayment.
export function cancelEarlyRepay(input: EarlyRepayCancelRequest): Promise<ActionResponse> {
  return callApi(loanCalls.cancelEarlyRepay, { query: input });
}

export function useCancelEarlyRepay({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof cancelEarlyRepay> } = {}) {
  return useLoanAction(cancelEarlyRepay, mutationConfig);
}
