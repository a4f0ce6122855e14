import { displayAnswer, type CallQuery, type SurveyResponseResponse, type surveyCalls } from '@portal/contracts';
import type { SurveysDeps } from './deps.ts';
import { notFound } from '../../platform/http-error.ts';
import { findSurveyOrNotFound } from './find-survey.ts';
import { SURVEY_MESSAGES } from './messages.ts';
import * as repository from './repository.ts';

type ResponseQuery = CallQuery<typeof surveyCalls.surveyResponse>;

// GET survey_response {id, path} (spec 001 sections 2, 7): each question of the survey with the
// user's answer, 'No Answer' where they left it blank or never answered it. 404 for an unknown
// survey or customer, and for a customer who has not answered this survey.
export async function surveyResponse(
  context: Pick<SurveysDeps, 'db'>,
  query: ResponseQuery,
): Promise<SurveyResponseResponse> {
  const survey = await findSurveyOrNotFound(context, query.path);
  const [customer, questions, answers] = await Promise.all([
    repository.findCustomerName(context.db, query.id),
    repository.findQuestions(context.db, survey.id),
    repository.findCustomerAnswers(context.db, survey.id, query.id),
  ]);
  if (!customer) throw notFound(SURVEY_MESSAGES.unknownCustomer(query.id));
  if (answers.length === 0) throw notFound(SURVEY_MESSAGES.notAnswered(customer.id, survey.name));
  const byQuestion = new Map(answers.map((answer) => [answer.questionId, answer]));
  const latest = Math.max(...answers.map((answer) => answer.answeredAt.getTime()));
  return {
    path: survey.path,
    name: survey.name,
    user: { id: customer.id, first_name: customer.firstName, last_name: customer.lastName },
    answered_at: new Date(latest).toISOString(),
    questions: questions.map((question) => {
      const given = byQuestion.get(question.id);
      return {
        id: question.id,
        position: question.position,
        question: question.question,
        format: question.format,
        choices: question.choices,
        ...displayAnswer(given?.answer),
        answered_at: given?.answeredAt.toISOString() ?? null,
      };
    }),
  };
}
