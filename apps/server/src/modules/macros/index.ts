// The macros module's public face: other modules import from here, never from its other files.

import type { PortalModule } from '../../platform/portal-module.ts';
import type { MacrosDeps } from './deps.ts';
import { registerMacroRoutes } from './routes.ts';
import { createMacroService } from './service.ts';

export { findActiveMacroByTitle, findActiveMacroTexts, macroPurposeOf } from './repository.ts';

// The macros module (decision 045): the macro service, built once, and its calls.
export function createMacrosModule(deps: MacrosDeps): PortalModule {
  const service = createMacroService(deps);
  return { registerRoutes: (app) => registerMacroRoutes(app, service) };
}
