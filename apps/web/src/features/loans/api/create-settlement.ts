import { loanServicingCalls, type LoanActionResponse, type SettlementRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useLoanCardAction } from './use-loan-card-action.ts';

// PATCH loans/settlement {settlement: {loan_id, amount}}: 'Settlement created'.
export function createSettlement(input: SettlementRequest): Promise<LoanActionResponse> {
  return callApi(loanServicingCalls.settlement, { body: input });
}

export function useCreateSettlement({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof createSettlement> } = {}) {
  return useLoanCardAction(createSettlement, mutationConfig);
}
