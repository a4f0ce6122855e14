// The letters module's public face: other modules import from here, never from its other files.

import type { PortalModule } from '../../platform/portal-module.ts';
import type { LettersDeps } from './deps.ts';
import { registerLetterRoutes } from './routes.ts';

// Letters other modules send (the FCRA lookup's 103 mailer).
export { issueLetter, type LetterKind } from './letter-service.ts';
// The kinds of letter and their titles (the customer's timeline, issue 40).
export { LETTER_KINDS, letterTitle } from './letter-service.ts';

// The letters module (decision 045): its calls, registered from their descriptors.
export function createLettersModule(deps: LettersDeps): PortalModule {
  return { registerRoutes: (app) => registerLetterRoutes(app, deps) };
}
