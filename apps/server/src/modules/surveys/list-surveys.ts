import type { SurveysResponse } from '@portal/contracts';
import type { SurveysDeps } from './deps.ts';
import * as repository from './repository.ts';

// GET surveys (spec 001 sections 2, 7): each survey's path and name with how many users answered it.
export async function listSurveys(context: Pick<SurveysDeps, 'db'>): Promise<SurveysResponse> {
  const rows = await repository.listSurveys(context.db);
  return {
    surveys: rows.map((row) => ({
      path: row.path,
      name: row.name,
      count: row.respondents,
      question_count: row.questions,
      last_answered_at: row.lastAnsweredAt === null ? null : repository.toIso(row.lastAnsweredAt),
    })),
  };
}
