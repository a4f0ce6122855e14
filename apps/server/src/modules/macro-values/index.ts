// The macro-values module's public face: other modules import from here, never from its other files.

import type { PortalModule } from '../../platform/portal-module.ts';
import type { MacroValuesDeps } from './deps.ts';
import { registerMacroValueRoutes } from './routes.ts';

// GET macro_values (decision 061): a macro's account and employee variables filled from the live
// account of a ticket's (or a customer's) customer. It owns no table: the ticket's customer, the
// customer's fields and the active loan's figures are asked of tickets, customers and loans.
export function createMacroValuesModule(deps: MacroValuesDeps): PortalModule {
  return { registerRoutes: (app) => registerMacroValueRoutes(app, deps) };
}
