import { queryOptions, useQuery } from '@tanstack/react-query';
import { surveyCalls, type SurveysResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { surveyKeys } from './query-keys.ts';

// GET surveys: every survey with how many users answered it.
export function getSurveys(signal?: AbortSignal): Promise<SurveysResponse> {
  return callApi(surveyCalls.surveys, {}, { signal });
}

// Answers arrive from the customer app all day: read again when the window regains focus.
export function surveysQueryOptions() {
  return queryOptions({
    queryKey: surveyKeys.list(),
    queryFn: ({ signal }) => getSurveys(signal),
    refetchOnWindowFocus: true,
  });
}

export function useSurveys() {
  return useQuery(surveysQueryOptions());
}
