import type { DisputeUserSearchQuery, UnresolvedDisputesView } from '@portal/contracts';

// The disputes feature's query keys.
export const disputeKeys = {
  all: ['disputes'] as const,
  unresolvedLists: () => ['disputes', 'unresolved'] as const,
  unresolved: (view: UnresolvedDisputesView) => ['disputes', 'unresolved', view] as const,
  detail: (id: number) => ['disputes', 'detail', id] as const,
  userSearch: (query: DisputeUserSearchQuery) => ['disputes', 'user-search', query] as const,
};
