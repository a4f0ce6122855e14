import { loanServicingCalls, type LoanActionResponse, type ChangePaymentRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useLoanCardAction } from './use-loan-card-action.ts';

// PATCH loans/change_payment {payment: {id, action, date?, lock_version}}: toggle_method, toggle_valid, refund or reschedule.
export function changePayment(input: ChangePaymentRequest): Promise<LoanActionResponse> {
  return callApi(loanServicingCalls.changePayment, { body: input });
}

export function useChangePayment({ mutationConfig }: { mutationConfig?: MutationConfig<typeof changePayment> } = {}) {
  return useLoanCardAction(changePayment, mutationConfig);
}
