// Where the bankruptcy dashboard's screens live (spec 001 section 2).
export const bankruptcyPaths = {
  landing: '/bankruptcy',
  unprocessed: '/bankruptcy/unprocessed',
  unprocessedPage: (page: number) => (page > 1 ? `/bankruptcy/unprocessed?page=${page}` : '/bankruptcy/unprocessed'),
  notice: (id: number) => `/bankruptcy/notice/${id}`,
};
