import { loanCalls, type ActionResponse, type EarlyRepayRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useLoanAction } from './use-loan-action.ts';

// POST early_repay {loan_id, date}: schedules the payoff of the loan on date.
export function createEarlyRepay(input: EarlyRepayRequest): Promise<ActionResponse> {
  return callApi(loanCalls.createEarlyRepay, { body: input });
}

export function useCreateEarlyRepay({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof createEarlyRepay> } = {}) {
  return useLoanAction(createEarlyRepay, mutationConfig);
}
