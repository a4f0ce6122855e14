import { z } from 'zod';
import { defineCall } from './call.ts';
import { bigDatabaseIdSchema, isoDateSchema } from './primitives.ts';
import { isCalendarDate } from './rules/payment-calendar.ts';
import { listPageSchema, listSort } from './rules/list-view.ts';
import { listExportCall } from './list-export-call.ts';

// Surveys (spec 001 sections 2, 3, 7): customers' answers per survey path, question and user. Any
// signed-in employee reads them; nothing here changes anything.

// The rules the server and the screens share ('No Answer', choices ordered by count, percentages).
export * from './rules/survey-results.ts';

// The users who answered a survey can run to thousands: 50 a page, as spec 000 section 9 lists 50
// at a time elsewhere; newest answers first.
export const SURVEY_USERS_PAGE_SIZE = 50;
// A 'text' question has no listed choices: its "choices" are its most frequent answers (the same
// words in any letter case count as one), this many at most.
export const SURVEY_TEXT_TOP_ANSWERS = 10;
export const SURVEY_PATH_MAX_LENGTH = 100;

export const SURVEY_QUESTION_FORMATS = ['choice', 'rating', 'text'] as const;
export type SurveyQuestionFormat = (typeof SURVEY_QUESTION_FORMATS)[number];

// A survey's path as its pages' URLs carry it ('loan-experience'); an unknown one is a 404.
const MISSING_PATH = 'Say which survey: its path is missing.';
const surveyPathSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined ? MISSING_PATH : 'A survey path is one piece of text, like loan-experience.',
  })
  .trim()
  .min(1, MISSING_PATH)
  .max(SURVEY_PATH_MAX_LENGTH, `A survey path is at most ${SURVEY_PATH_MAX_LENGTH} characters.`);

// GET surveys
export const surveySummarySchema = z.object({
  path: z.string(),
  name: z.string(),
  // How many users answered it (any of its questions, blanks included: they took the survey).
  count: z.number(),
  question_count: z.number(),
  // The newest answer; null when nobody has answered yet.
  last_answered_at: z.string().nullable(),
});
export type SurveySummary = z.infer<typeof surveySummarySchema>;
export const surveysResponseSchema = z.object({ surveys: z.array(surveySummarySchema) });
export type SurveysResponse = z.infer<typeof surveysResponseSchema>;

// GET survey_results {path, page}
// The users list's view (issue 40): its order and page, kept in the screen's URL. The question
// counts always cover every answer. Its CSV export takes the path and the sort.
export const SURVEY_USER_SORT_COLUMNS = ['answered_at', 'id'] as const;
// Only the users whose latest answer came on or after this business day; '' for all of them.
const answeredSinceSchema = z
  .union([z.literal(''), isoDateSchema.refine(isCalendarDate, 'That date does not exist.')], {
    error: 'The date is written YYYY-MM-DD.',
  })
  .default('');
export const surveyUsersViewSchema = z.object({
  since: answeredSinceSchema,
  sort: listSort(SURVEY_USER_SORT_COLUMNS, '-answered_at'),
  page: listPageSchema,
});
export type SurveyUsersView = z.output<typeof surveyUsersViewSchema>;
export const surveyUsersFiltersSchema = z.object({
  path: surveyPathSchema,
  since: answeredSinceSchema,
  sort: surveyUsersViewSchema.shape.sort,
});
// Its CSV export (decision 060).
export const surveyUsersExportCall = listExportCall('survey_users', surveyUsersFiltersSchema);
export type SurveyUsersFilters = z.output<typeof surveyUsersFiltersSchema>;
export const surveyResultsQuerySchema = surveyUsersFiltersSchema.extend({ page: listPageSchema });
export type SurveyResultsQuery = z.input<typeof surveyResultsQuerySchema>;

export const surveyChoiceSchema = z.object({
  choice: z.string(),
  count: z.number(),
  // Of the question's answers (blanks left out), one decimal.
  percent: z.number(),
});
export type SurveyChoice = z.infer<typeof surveyChoiceSchema>;

export const surveyQuestionResultSchema = z.object({
  id: z.number(),
  position: z.number(),
  question: z.string(),
  format: z.enum(SURVEY_QUESTION_FORMATS),
  // Users who gave an answer, and users of the survey who left this one blank or never reached it.
  answered: z.number(),
  no_answer: z.number(),
  // Ordered by count, most chosen first; a 'text' question's most frequent answers.
  choices: z.array(surveyChoiceSchema),
  // A 'text' question's different answers not among those shown (0 for the others).
  other_answers: z.number(),
});
export type SurveyQuestionResult = z.infer<typeof surveyQuestionResultSchema>;

export const surveyUserSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  // Their newest answer to this survey.
  answered_at: z.string(),
});
export type SurveyUser = z.infer<typeof surveyUserSchema>;

export const surveyResultsResponseSchema = z.object({
  path: z.string(),
  name: z.string(),
  count: z.number(),
  questions: z.array(surveyQuestionResultSchema),
  users: z.array(surveyUserSchema),
  pagination: z.object({ current_page: z.number(), total_pages: z.number(), total_count: z.number() }),
});
export type SurveyResultsResponse = z.infer<typeof surveyResultsResponseSchema>;

// GET survey_response {id, path}: id is the user's (the customer's).
export const surveyResponseQuerySchema = z.object({ id: bigDatabaseIdSchema, path: surveyPathSchema });
export type SurveyResponseQuery = z.input<typeof surveyResponseQuerySchema>;

export const surveyAnswerSchema = z.object({
  id: z.number(),
  position: z.number(),
  question: z.string(),
  format: z.enum(SURVEY_QUESTION_FORMATS),
  // The listed choices (a rating's scale), so the answer can be read against them.
  choices: z.array(z.string()),
  // The user's answer, or 'No Answer' when blank or not answered.
  answer: z.string(),
  answered: z.boolean(),
  answered_at: z.string().nullable(),
});
export type SurveyAnswer = z.infer<typeof surveyAnswerSchema>;

export const surveyResponseResponseSchema = z.object({
  path: z.string(),
  name: z.string(),
  user: z.object({ id: z.number(), first_name: z.string(), last_name: z.string() }),
  answered_at: z.string(),
  questions: z.array(surveyAnswerSchema),
});
export type SurveyResponseResponse = z.infer<typeof surveyResponseResponseSchema>;

export const surveyCalls = {
  // Every survey with how many users answered it.
  surveys: defineCall({ method: 'GET', path: 'surveys', access: 'signedIn', response: surveysResponseSchema }),
  // Each question's choices ordered by count, and a page of the users who answered.
  surveyResults: defineCall({
    method: 'GET',
    path: 'survey_results',
    access: 'signedIn',
    query: surveyResultsQuerySchema,
    response: surveyResultsResponseSchema,
  }),
  // One user's answer to each question, 'No Answer' where blank.
  surveyResponse: defineCall({
    method: 'GET',
    path: 'survey_response',
    access: 'signedIn',
    query: surveyResponseQuerySchema,
    response: surveyResponseResponseSchema,
  }),
};

// The screens' addresses (spec 001 section 2), for the web app and the user card's links.
export const surveyPaths = {
  list: '/surveys',
  results: (path: string, page = 1) => `/surveys/${encodeURIComponent(path)}${page > 1 ? `?page=${page}` : ''}`,
  response: (path: string, userId: number) => `/survey/${encodeURIComponent(path)}/${userId}`,
};
