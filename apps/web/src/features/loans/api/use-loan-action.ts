import type { ActionResponse } from '@portal/contracts';
import { useFlashedMutation } from '../../../lib/flashed-mutation.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';

// Every account action answers {message}, which is flashed; then the caller's onSuccess runs.
export function useLoanAction<Input>(
  call: (input: Input) => Promise<ActionResponse>,
  mutationConfig?: MutationConfig<(input: Input) => Promise<ActionResponse>>,
) {
  return useFlashedMutation(call, mutationConfig);
}
