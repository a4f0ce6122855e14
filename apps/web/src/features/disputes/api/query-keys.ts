import type { DisputeUserSearchQuery } from '@portal/contracts';

// The disputes feature's query keys.
export const disputeKeys = {
  all: ['disputes'] as const,
  unresolvedLists: () => ['disputes', 'unresolved'] as const,
  unresolved: (page: number) => ['disputes', 'unresolved', page] as const,
  detail: (id: number) => ['disputes', 'detail', id] as const,
  userSearch: (query: DisputeUserSearchQuery) => ['disputes', 'user-search', query] as const,
};
