import { loanServicingCalls, type LoanActionResponse, type LoanActionRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useLoanCardAction } from './use-loan-card-action.ts';

// POST loans/manual_denial_email {loan_id}: denies the application and emails the notice.
export function sendManualDenial(input: LoanActionRequest): Promise<LoanActionResponse> {
  return callApi(loanServicingCalls.manualDenialEmail, { body: input });
}

export function useManualDenial({ mutationConfig }: { mutationConfig?: MutationConfig<typeof sendManualDenial> } = {}) {
  return useLoanCardAction(sendManualDenial, mutationConfig);
}
