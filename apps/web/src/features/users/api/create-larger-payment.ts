import { userPageCalls, type CreateLargerPaymentRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useUserPageAction } from './use-user-page-action.ts';

// POST users/create_larger_payment: one upcoming payment raised; the last installments shrink by as much.
export function createLargerPayment(input: CreateLargerPaymentRequest) {
  return callApi(userPageCalls.createLargerPayment, { body: input });
}

export function useCreateLargerPayment({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof createLargerPayment> } = {}) {
  return useUserPageAction(createLargerPayment, mutationConfig);
}
