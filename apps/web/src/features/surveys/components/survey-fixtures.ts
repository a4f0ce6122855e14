import type { SurveyResponseResponse, SurveyResultsResponse, SurveysResponse } from '@portal/contracts';

// What the fake server answers in the survey screens' tests.

export const SURVEYS = 'GET surveys';
export const RESULTS = 'GET survey_results';
export const RESPONSE = 'GET survey_response';

export function surveysFixture(): SurveysResponse {
  return {
    surveys: [
      {
        path: 'customer-service',
        name: 'Customer service satisfaction',
        count: 1204,
        question_count: 5,
        last_answered_at: '2026-11-20T18:30:00.000Z',
      },
      { path: 'new-survey', name: 'New survey', count: 0, question_count: 2, last_answered_at: null },
    ],
  };
}

export function resultsFixture(overrides: Partial<SurveyResultsResponse> = {}): SurveyResultsResponse {
  return {
    path: 'loan-experience',
    name: 'Loan experience',
    count: 4,
    questions: [
      {
        id: 11,
        position: 1,
        question: 'How easy was applying?',
        format: 'choice',
        answered: 3,
        no_answer: 1,
        choices: [
          { choice: 'Easy', count: 2, percent: 66.7 },
          { choice: 'Very easy', count: 1, percent: 33.3 },
          { choice: 'Hard', count: 0, percent: 0 },
        ],
        other_answers: 0,
      },
      {
        id: 12,
        position: 2,
        question: 'Anything else?',
        format: 'text',
        answered: 13,
        no_answer: 0,
        choices: [
          { choice: 'Great service', count: 4, percent: 30.8 },
          { choice: 'Too slow', count: 1, percent: 7.7 },
        ],
        other_answers: 2,
      },
      {
        id: 13,
        position: 3,
        question: 'Would you borrow again?',
        format: 'rating',
        answered: 0,
        no_answer: 4,
        choices: [
          { choice: '1', count: 0, percent: 0 },
          { choice: '2', count: 0, percent: 0 },
        ],
        other_answers: 0,
      },
    ],
    users: [
      { id: 38, first_name: 'Maria', last_name: 'Garcia', answered_at: '2026-11-20T18:30:00.000Z' },
      { id: 41, first_name: 'Sam', last_name: 'Lee', answered_at: '2026-11-19T09:05:00.000Z' },
    ],
    pagination: { current_page: 1, total_pages: 3, total_count: 104 },
    ...overrides,
  };
}

export function responseFixture(): SurveyResponseResponse {
  return {
    path: 'loan-experience',
    name: 'Loan experience',
    user: { id: 38, first_name: 'Maria', last_name: 'Garcia' },
    answered_at: '2026-11-20T18:30:00.000Z',
    questions: [
      {
        id: 11,
        position: 1,
        question: 'How easy was applying?',
        format: 'choice',
        choices: ['Very easy', 'Easy', 'Hard'],
        answer: 'Easy',
        answered: true,
        answered_at: '2026-11-20T18:29:00.000Z',
      },
      {
        id: 12,
        position: 2,
        question: 'How would you rate us?',
        format: 'rating',
        choices: ['1', '2', '3', '4', '5'],
        answer: '4',
        answered: true,
        answered_at: '2026-11-20T18:30:00.000Z',
      },
      {
        id: 13,
        position: 3,
        question: 'Anything else?',
        format: 'text',
        choices: [],
        answer: 'No Answer',
        answered: false,
        answered_at: null,
      },
    ],
  };
}
