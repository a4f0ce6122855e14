import type { LoanActionResponse } from '@portal/contracts';
import { ApiError } from '../../../lib/api-error.ts';
import { useFlashedMutation } from '../../../lib/flashed-mutation.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';

// The loans/ calls answer {message, loan}: the message is flashed, then the screen refreshes what
// shows the loan. A 409 means the loan is not as this screen shows it (another employee changed
// it, or a rule now refuses the change): the screen refreshes then too, so the card shows why.
export function useLoanCardAction<Input>(
  call: (input: Input) => Promise<LoanActionResponse>,
  mutationConfig: MutationConfig<(input: Input) => Promise<LoanActionResponse>> = {},
  // The flashed sentence, when it is not the answer's message as it stands.
  options: { text?: (answer: LoanActionResponse) => string | null } = {},
) {
  const { onError, onSuccess } = mutationConfig;
  // The screens' onSuccess (MutationEvents) is their refresh and reads no arguments.
  const refresh = onSuccess as (() => unknown) | undefined;
  return useFlashedMutation(
    call,
    {
      ...mutationConfig,
      onError: (...args) => {
        if (args[0] instanceof ApiError && args[0].status === 409) void refresh?.();
        onError?.(...args);
      },
    },
    options,
  );
}
