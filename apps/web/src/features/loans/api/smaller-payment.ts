import { loanCalls, type ActionResponse, type SmallerPaymentRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useLoanAction } from './use-loan-action.ts';

// PATCH smaller_payment {pmt_id, amt}: lowers a due payment to amt dollars (at least $25).
export function smallerPayment(input: SmallerPaymentRequest): Promise<ActionResponse> {
  return callApi(loanCalls.smallerPayment, { body: input });
}

export function useSmallerPayment({ mutationConfig }: { mutationConfig?: MutationConfig<typeof smallerPayment> } = {}) {
  return useLoanAction(smallerPayment, mutationConfig);
}
