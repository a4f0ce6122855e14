import { loanServicingCalls, type LoanActionResponse, type ManualApprovalRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useLoanCardAction } from './use-loan-card-action.ts';

// POST loans/manual_approval {loan_id, amount}: approves a counter-offer.
export function approveManually(input: ManualApprovalRequest): Promise<LoanActionResponse> {
  return callApi(loanServicingCalls.manualApproval, { body: input });
}

export function useManualApproval({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof approveManually> } = {}) {
  return useLoanCardAction(approveManually, mutationConfig);
}
