import type { SurveyUser, SurveyUsersFilters } from '@portal/contracts';
import type { Executor } from '@portal/db';
import { startOfBusinessDay } from '../../platform/business-date.ts';
import { notFound } from '../../platform/http-error.ts';
import type { ListSource } from '../../platform/list-source.ts';
import { SURVEY_MESSAGES } from './messages.ts';
import * as repository from './repository.ts';

type Respondent = Awaited<ReturnType<typeof repository.findRespondents>>[number];

export function toSurveyUser(user: Respondent): SurveyUser {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    answered_at: repository.toIso(user.answeredAt),
  };
}

// The list's filters as the queries take them: `since` is a business day, from its start.
export function respondentFilters(
  filters: Pick<SurveyUsersFilters, 'since' | 'sort'>,
  timeZone: string,
): repository.RespondentFilters {
  return { since: filters.since === '' ? null : startOfBusinessDay(filters.since, timeZone), sort: filters.sort };
}

// The users who answered a survey, as GET survey_results pages them: read by the list's CSV export
// (issue 40) through the same queries. An unknown path is a 404.
export function surveyUsersList({
  businessTimeZone,
}: {
  businessTimeZone: string;
}): ListSource<SurveyUsersFilters, SurveyUser> {
  const surveyIds = new Map<string, number>();
  async function surveyIdOf(executor: Executor, path: string): Promise<number> {
    const known = surveyIds.get(path);
    if (known !== undefined) return known;
    const survey = await repository.findSurveyByPath(executor, path);
    if (!survey) throw notFound(SURVEY_MESSAGES.unknownSurvey(path));
    surveyIds.set(path, survey.id);
    return survey.id;
  }
  return {
    count: async (executor, filters) =>
      repository.countRespondentsSince(
        executor,
        await surveyIdOf(executor, filters.path),
        respondentFilters(filters, businessTimeZone).since,
      ),
    rows: async (executor, filters, window) => {
      const surveyId = await surveyIdOf(executor, filters.path);
      const respondents = await repository.findRespondents(
        executor,
        surveyId,
        respondentFilters(filters, businessTimeZone),
        window,
      );
      return respondents.map(toSurveyUser);
    },
  };
}
