import { loanCalls, type ActionResponse, type PaymentIdRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useLoanAction } from './use-loan-action.ts';

// PATCH credit_bounce_fee {pmt_id}: waives the returned-payment fee.
export function creditBounceFee(input: PaymentIdRequest): Promise<ActionResponse> {
  return callApi(loanCalls.creditBounceFee, { body: input });
}

export function useCreditBounceFee({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof creditBounceFee> } = {}) {
  return useLoanAction(creditBounceFee, mutationConfig);
}
