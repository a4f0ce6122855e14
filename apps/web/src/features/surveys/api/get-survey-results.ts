import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { surveyCalls, type SurveyResultsResponse, type SurveyUsersView } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { surveyKeys } from './query-keys.ts';

// GET survey_results {path, page, sort}: each question's choices ordered by count, and a page of the
// users who answered.
export function getSurveyResults(
  path: string,
  view: SurveyUsersView,
  signal?: AbortSignal,
): Promise<SurveyResultsResponse> {
  return callApi(surveyCalls.surveyResults, { query: { path, ...view } }, { signal });
}

export function surveyResultsQueryOptions(path: string, view: SurveyUsersView) {
  return queryOptions({
    queryKey: surveyKeys.results(path, view),
    queryFn: ({ signal }) => getSurveyResults(path, view, signal),
    refetchOnWindowFocus: true,
    // The charts stay while another page of users loads.
    placeholderData: keepPreviousData,
  });
}

export function useSurveyResults(path: string, view: SurveyUsersView) {
  return useQuery(surveyResultsQueryOptions(path, view));
}
