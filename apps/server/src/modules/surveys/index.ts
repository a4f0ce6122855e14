// The surveys module's public face: other modules import from here, never from its other files.

import type { PortalModule } from '../../platform/portal-module.ts';
import type { SurveysDeps } from './deps.ts';
import { registerSurveyRouteHandlers } from './routes.ts';

// The surveys module (decision 045): its calls, registered from their descriptors.
export function createSurveysModule(deps: SurveysDeps): PortalModule {
  return { registerRoutes: (app) => registerSurveyRouteHandlers(app, deps) };
}

// The users who answered a survey (issue 40: the list's CSV export reads them as the screen does).
export { surveyUsersList } from './survey-users.ts';
