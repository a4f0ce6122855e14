import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flash } from '../../../lib/flash.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { staffKeys } from './get-staff.ts';

// Every staff change answers {message}: it is flashed (unless the dialog shows it itself) and the
// staff page's data is fetched again; then the caller's onSuccess runs. Errors are the caller's to
// show (the dialog that asked).
export function useStaffAction<Input, Output extends { message: string }>(
  call: (input: Input) => Promise<Output>,
  mutationConfig: MutationConfig<(input: Input) => Promise<Output>> = {},
  options: { flashAnswer: boolean } = { flashAnswer: true },
) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig;
  return useMutation({
    ...config,
    // Output is a plain JSON answer, never itself a promise, so Awaited<Output> is Output.
    mutationFn: call as (input: Input) => Promise<Awaited<Output>>,
    onSuccess: async (...args) => {
      if (options.flashAnswer) flash(args[0].message);
      await queryClient.invalidateQueries({ queryKey: staffKeys.all });
      await onSuccess?.(...args);
    },
  });
}
