import type { SurveysDeps } from './deps.ts';
import { notFound } from '../../platform/http-error.ts';
import { SURVEY_MESSAGES } from './messages.ts';
import * as repository from './repository.ts';

// The survey at a path, or 404 with a sentence.
export async function findSurveyOrNotFound(
  context: Pick<SurveysDeps, 'db'>,
  path: string,
): Promise<repository.SurveyRecord> {
  const survey = await repository.findSurveyByPath(context.db, path);
  if (!survey) throw notFound(SURVEY_MESSAGES.unknownSurvey(path));
  return survey;
}
