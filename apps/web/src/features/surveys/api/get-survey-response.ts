import { queryOptions, useQuery } from '@tanstack/react-query';
import { surveyCalls, type SurveyResponseResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { surveyKeys } from './query-keys.ts';

// GET survey_response {id, path}: one user's answer to each question, 'No Answer' where blank.
export function getSurveyResponse(path: string, id: number, signal?: AbortSignal): Promise<SurveyResponseResponse> {
  return callApi(surveyCalls.surveyResponse, { query: { id, path } }, { signal });
}

export function surveyResponseQueryOptions(path: string, id: number) {
  return queryOptions({
    queryKey: surveyKeys.response(path, id),
    queryFn: ({ signal }) => getSurveyResponse(path, id, signal),
  });
}

export function useSurveyResponse(path: string, id: number) {
  return useQuery(surveyResponseQueryOptions(path, id));
}
