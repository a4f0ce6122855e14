import type { UserSearchQuery } from '@portal/contracts';

// The users feature's cache keys: every action on a customer refreshes `all`.
export const userKeys = {
  all: ['users'] as const,
  search: (query: UserSearchQuery) => ['users', 'search', query.parameter, query.search] as const,
  emails: (userId: number) => ['users', 'emails', userId] as const,
};
