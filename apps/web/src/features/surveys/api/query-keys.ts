// The surveys feature's query keys.
export const surveyKeys = {
  all: ['surveys'] as const,
  list: () => ['surveys', 'list'] as const,
  results: (path: string, page: number) => ['surveys', 'results', path, page] as const,
  response: (path: string, id: number) => ['surveys', 'response', path, id] as const,
};
