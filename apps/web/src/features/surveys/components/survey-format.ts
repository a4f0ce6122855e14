import type { SurveyQuestionFormat } from '@portal/contracts';

// How a question's format reads on the screens.
export const SURVEY_FORMAT_LABELS: Record<SurveyQuestionFormat, string> = {
  choice: 'Multiple choice',
  rating: 'Rating',
  text: 'Free text',
};

export const formatCount = (count: number) => count.toLocaleString('en-US');

export const plural = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;
