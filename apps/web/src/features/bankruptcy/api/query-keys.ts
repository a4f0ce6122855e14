import type { UnprocessedNoticesView } from '@portal/contracts';

// The bankruptcy feature's query keys.
export const noticeKeys = {
  all: ['bankruptcy-notices'] as const,
  unprocessed: () => ['bankruptcy-notices', 'unprocessed'] as const,
  unprocessedPage: (view: UnprocessedNoticesView) => ['bankruptcy-notices', 'unprocessed', view] as const,
  detail: (id: number) => ['bankruptcy-notices', 'detail', id] as const,
};
