import { loanCalls, type ActionResponse, type PaymentIdRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useLoanAction } from './use-loan-action.ts';

// PATCH toggle_payment_method {pmt_id}: switches a due payment between ACH and debit card.
export function togglePaymentMethod(input: PaymentIdRequest): Promise<ActionResponse> {
  return callApi(loanCalls.togglePaymentMethod, { body: input });
}

export function useTogglePaymentMethod({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof togglePaymentMethod> } = {}) {
  return useLoanAction(togglePaymentMethod, mutationConfig);
}
