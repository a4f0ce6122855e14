import { useMutation } from '@tanstack/react-query';
import type { ActionResponse } from '@portal/contracts';
import { flash } from '../../../lib/flash.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';

// Every account action answers {message}, which is flashed; then the caller's onSuccess runs and is
// awaited (the screen refreshes what shows the loan, so a dialog closes on the new figures).
export function useLoanAction<Input>(
  call: (input: Input) => Promise<ActionResponse>,
  mutationConfig: MutationConfig<(input: Input) => Promise<ActionResponse>> = {},
) {
  const { onSuccess, ...config } = mutationConfig;
  return useMutation({
    ...config,
    mutationFn: call,
    onSuccess: async (...args) => {
      flash(args[0].message);
      await onSuccess?.(...args);
    },
  });
}
