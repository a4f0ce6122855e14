import { useQueryClient } from '@tanstack/react-query';
import { userPageCalls, type CreateLargerPaymentRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useFlashedMutation } from '../../../lib/flashed-mutation.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { userKeys } from './query-keys.ts';

// POST users/create_larger_payment: one upcoming payment raised; the last installments shrink by as much.
export function createLargerPayment(input: CreateLargerPaymentRequest) {
  return callApi(userPageCalls.createLargerPayment, { body: input });
}

export function useCreateLargerPayment({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof createLargerPayment> } = {}) {
  const queryClient = useQueryClient();
  return useFlashedMutation(createLargerPayment, mutationConfig, {
    before: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
