import { loanServicingCalls, type LoanActionResponse, type SubmitDecisionRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useLoanCardAction } from './use-loan-card-action.ts';

// POST loans/submit_decision {loan_id, decision}: approve or deny an application.
export function submitDecision(input: SubmitDecisionRequest): Promise<LoanActionResponse> {
  return callApi(loanServicingCalls.submitDecision, { body: input });
}

export function useSubmitDecision({ mutationConfig }: { mutationConfig?: MutationConfig<typeof submitDecision> } = {}) {
  return useLoanCardAction(submitDecision, mutationConfig);
}
