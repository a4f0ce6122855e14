import { loanCalls, type ActionResponse, type PaymentDateRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useLoanAction } from './use-loan-action.ts';

// PATCH payment_date {pmt_id, date}: moves a due payment (a weekday, today or later).
export function changePaymentDate(input: PaymentDateRequest): Promise<ActionResponse> {
  return callApi(loanCalls.changePaymentDate, { body: input });
}

export function useChangePaymentDate({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof changePaymentDate> } = {}) {
  return useLoanAction(changePaymentDate, mutationConfig);
}
