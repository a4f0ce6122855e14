import { useMutation } from '@tanstack/react-query';
import { isAwaitingApproval } from '@portal/contracts';
import { flash } from './flash.ts';
import type { MutationConfig } from './react-query.ts';

// A mutation whose answer is flashed (the server's sentence, by default its message), then the
// caller's onSuccess runs and is awaited: the screen refreshes what shows the change, so a dialog
// closes on the new figures. A feature's own effects go in `before`, ahead of the caller's.
export function useFlashedMutation<Input, Output>(
  call: (input: Input) => Promise<Output>,
  mutationConfig: MutationConfig<(input: Input) => Promise<Output>> = {},
  options: { text?: (output: Output) => string | null; before?: () => Promise<unknown> } = {},
) {
  const { onSuccess, ...config } = mutationConfig;
  return useMutation({
    ...config,
    // Output is a plain JSON answer, never itself a promise, so Awaited<Output> is Output.
    mutationFn: call as (input: Input) => Promise<Awaited<Output>>,
    onSuccess: async (...args) => {
      const text = options.text ? options.text(args[0]) : messageOf(args[0]);
      // A change held for a second employee's approval is not done: it says so in its title.
      if (text !== null) flash(text, isAwaitingApproval(text) ? { type: 'info', title: 'Awaiting approval' } : {});
      await options.before?.();
      await onSuccess?.(...args);
    },
  });
}

function messageOf(output: unknown): string | null {
  return typeof output === 'object' && output !== null && 'message' in output && typeof output.message === 'string'
    ? output.message
    : null;
}
