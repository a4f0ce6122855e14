import {
  rankChoices,
  SURVEY_USERS_PAGE_SIZE,
  type CallQuery,
  type SurveyQuestionResult,
  type SurveyResultsResponse,
  type surveyCalls,
} from '@portal/contracts';
import type { SurveysDeps } from './deps.ts';
import { findSurveyOrNotFound } from './find-survey.ts';
import { pageWindow, pagination } from '../../platform/list-source.ts';
import * as repository from './repository.ts';
import { respondentFilters, toSurveyUser } from './survey-users.ts';

type ResultsQuery = CallQuery<typeof surveyCalls.surveyResults>;

// GET survey_results {path, page, since, sort} (spec 001 sections 2, 7): each question with its
// format and its choices ordered by count over every answer, and one page of the users who answered
// (since a day when asked; newest first unless sorted otherwise, SURVEY_USERS_PAGE_SIZE a page; a page past the last one is empty,
// and the screen goes back to the last).
export async function surveyResults(
  context: Pick<SurveysDeps, 'db' | 'businessTimeZone'>,
  query: ResultsQuery,
): Promise<SurveyResultsResponse> {
  const survey = await findSurveyOrNotFound(context, query.path);
  const filters = respondentFilters(query, context.businessTimeZone);
  const [questions, counts, respondents, listed, users] = await Promise.all([
    repository.findQuestions(context.db, survey.id),
    repository.countAnswers(context.db, survey.id),
    repository.countRespondents(context.db, survey.id),
    repository.countRespondentsSince(context.db, survey.id, filters.since),
    repository.findRespondents(context.db, survey.id, filters, pageWindow(query.page, SURVEY_USERS_PAGE_SIZE)),
  ]);
  const byQuestion = new Map<number, repository.AnswerCount[]>();
  for (const row of counts) byQuestion.set(row.questionId, [...(byQuestion.get(row.questionId) ?? []), row]);
  return {
    path: survey.path,
    name: survey.name,
    count: respondents,
    questions: questions.map((question): SurveyQuestionResult => {
      const rows = byQuestion.get(question.id) ?? [];
      const answered = rows[0]?.answered ?? 0;
      const listed = question.format === 'text' ? [] : question.choices;
      return {
        id: question.id,
        position: question.position,
        question: question.question,
        format: question.format,
        answered,
        no_answer: Math.max(0, respondents - answered),
        choices: rankChoices(listed, rows, answered),
        other_answers: question.format === 'text' ? Math.max(0, (rows[0]?.different ?? 0) - rows.length) : 0,
      };
    }),
    users: users.map(toSurveyUser),
    // The users list's pages count the users the filter keeps; the questions, every answer.
    pagination: pagination(query.page, SURVEY_USERS_PAGE_SIZE, listed),
  };
}
