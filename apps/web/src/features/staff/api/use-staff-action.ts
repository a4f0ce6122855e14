import { useQueryClient } from '@tanstack/react-query';
import { useFlashedMutation } from '../../../lib/flashed-mutation.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { staffKeys } from './get-staff.ts';

// Every staff change answers {message}: it is flashed (unless the dialog shows it itself) and the
// staff page's data is fetched again; then the caller's onSuccess runs. Errors are the caller's to
// show (the dialog that asked).
export function useStaffAction<Input, Output extends { message: string }>(
  call: (input: Input) => Promise<Output>,
  mutationConfig?: MutationConfig<(input: Input) => Promise<Output>>,
  options: { flashAnswer: boolean } = { flashAnswer: true },
) {
  const queryClient = useQueryClient();
  return useFlashedMutation(call, mutationConfig, {
    text: (output) => (options.flashAnswer ? output.message : null),
    before: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}
