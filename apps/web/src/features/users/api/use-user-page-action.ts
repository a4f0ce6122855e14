import { useQueryClient } from '@tanstack/react-query';
import { useFlashedMutation } from '../../../lib/flashed-mutation.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { userKeys } from './query-keys.ts';

// Every change made from the user page flashes the server's message; then all the page shows of
// the customer is fetched again, and the caller's onSuccess runs after it.
export function useUserPageAction<Input, Output>(
  call: (input: Input) => Promise<Output>,
  mutationConfig?: MutationConfig<(input: Input) => Promise<Output>>,
) {
  const queryClient = useQueryClient();
  return useFlashedMutation(call, mutationConfig, {
    before: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
