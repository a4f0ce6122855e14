import type { SurveyUsersView } from '@portal/contracts';

// The surveys feature's query keys.
export const surveyKeys = {
  all: ['surveys'] as const,
  list: () => ['surveys', 'list'] as const,
  results: (path: string, view: SurveyUsersView) => ['surveys', 'results', path, view] as const,
  response: (path: string, id: number) => ['surveys', 'response', path, id] as const,
};
