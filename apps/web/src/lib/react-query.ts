import type { UseMutationOptions } from '@tanstack/react-query';

// What a caller may add to one of a feature's mutations (bulletproof-react's MutationConfig): the
// feature keeps its own effects (a flash, its own cache) and runs the caller's after them.
export type MutationConfig<Fn extends (input: never) => Promise<unknown>> = Omit<
  UseMutationOptions<Awaited<ReturnType<Fn>>, Error, Parameters<Fn>[0]>,
  'mutationFn'
>;

// What a screen wants after any mutation of a panel it shows: the screen (in app/) decides what to
// refresh and where errors are reported (the ticket's error strip on the ticket screen), so the
// feature's panels work on any screen. It fits every MutationConfig.
export type MutationEvents = {
  onSuccess?: () => unknown;
  onError?: (error: Error) => void;
};
