// The macros module's public face: other modules import from here, never from its other files.

import type { PortalModule } from '../../platform/portal-module.ts';
import type { MacrosDeps } from './deps.ts';
import { registerMacroRoutes } from './routes.ts';
import { createMacroService, type MacroService } from './service.ts';

export { findActiveMacroByTitle, findActiveMacroTexts, macroExists } from './repository.ts';

// The macros module (decision 045): the macro service, and its calls registered from their descriptors.
export function createMacrosModule(deps: MacrosDeps): PortalModule & { service: MacroService } {
  const service = createMacroService(deps);
  return { service, registerRoutes: (app) => registerMacroRoutes(app, service) };
}
