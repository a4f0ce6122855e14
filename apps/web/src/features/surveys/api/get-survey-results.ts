import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { surveyCalls, type SurveyResultsResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { surveyKeys } from './query-keys.ts';

// GET survey_results {path, page}: each question's choices ordered by count, and a page of the users
// who answered.
export function getSurveyResults(path: string, page: number, signal?: AbortSignal): Promise<SurveyResultsResponse> {
  return callApi(surveyCalls.surveyResults, { query: { path, page } }, { signal });
}

export function surveyResultsQueryOptions(path: string, page: number) {
  return queryOptions({
    queryKey: surveyKeys.results(path, page),
    queryFn: ({ signal }) => getSurveyResults(path, page, signal),
    refetchOnWindowFocus: true,
    // The charts stay while another page of users loads.
    placeholderData: keepPreviousData,
  });
}

export function useSurveyResults(path: string, page: number) {
  return useQuery(surveyResultsQueryOptions(path, page));
}
