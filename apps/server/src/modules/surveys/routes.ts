import type { FastifyInstance } from 'fastify';
import { surveyCalls as calls } from '@portal/contracts';
import type { SurveysDeps } from './deps.ts';
import { registerCall } from '../../platform/register-call.ts';
import { listSurveys } from './list-surveys.ts';
import { surveyResponse } from './survey-response.ts';
import { surveyResults } from './survey-results.ts';

// The survey calls (spec 001 section 7): GET surveys, GET survey_results {path}, GET survey_response
// {id, path}. Any signed-in employee reads them (the auth plugin refuses anyone else); reads only,
// so nothing is audited.
export function registerSurveyRouteHandlers(app: FastifyInstance, context: SurveysDeps): void {
  registerCall(app, calls.surveys, () => listSurveys(context));
  registerCall(app, calls.surveyResults, (request) => surveyResults(context, request.query));
  registerCall(app, calls.surveyResponse, (request) => surveyResponse(context, request.query));
}
