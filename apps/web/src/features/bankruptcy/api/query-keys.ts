// The bankruptcy feature's query keys.
export const noticeKeys = {
  all: ['bankruptcy-notices'] as const,
  unprocessed: () => ['bankruptcy-notices', 'unprocessed'] as const,
  unprocessedPage: (page: number) => ['bankruptcy-notices', 'unprocessed', page] as const,
  detail: (id: number) => ['bankruptcy-notices', 'detail', id] as const,
};
