import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

// A mutation whose only effect on the cache is that the queries under these keys are read again:
// after a success, or after any answer ('settled') where even a refusal may have changed the data.
// The mutation resolves once they have been, so the screen never shows what the change replaced.
// Input defaults to void so that a call without one is run as mutate().
export function useRefreshingMutation<Input = void, Output = unknown>(
  call: (input: Input) => Promise<Output>,
  queryKeys: readonly QueryKey[],
  after: 'success' | 'settled' = 'success',
) {
  const queryClient = useQueryClient();
  const refresh = () => Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation(
    after === 'success' ? { mutationFn: call, onSuccess: refresh } : { mutationFn: call, onSettled: refresh },
  );
}
