// The deadlines feature's query keys.
export const deadlineKeys = {
  all: ['deadlines'] as const,
  list: (scope: 'all' | 'due_now') => ['deadlines', scope] as const,
};
