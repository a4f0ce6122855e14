import type { DeadlineQueue } from '@portal/contracts';

// The deadlines feature's query keys.
export const deadlineKeys = {
  all: ['deadlines'] as const,
  list: (scope: 'all' | 'due_now', queues: readonly DeadlineQueue[] | null) =>
    ['deadlines', scope, queues?.join(',') ?? 'own'] as const,
};
