import { loanServicingCalls, type LoanActionResponse, type CustomPaymentsRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useLoanCardAction } from './use-loan-card-action.ts';

// PATCH loans/custom_payments {loan, date, amount, frequency}: a new schedule for the upcoming payments.
export function setCustomPayments(input: CustomPaymentsRequest): Promise<LoanActionResponse> {
  return callApi(loanServicingCalls.customPayments, { body: input });
}

export function useCustomPayments({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof setCustomPayments> } = {}) {
  return useLoanCardAction(setCustomPayments, mutationConfig);
}
