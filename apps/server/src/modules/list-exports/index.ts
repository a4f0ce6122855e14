// The list-exports module's public face: other modules import from here, never from its other files.

import type { PortalModule } from '../../platform/portal-module.ts';
import type { ListExportsDeps } from './deps.ts';
import { registerListExportRoutes } from './routes.ts';

// GET exports/<list>.csv (issue 40, decision 060): the lists' CSV exports. It owns no table: each
// list's owner answers its rows through its index.ts; the audit trail is platform's.
export function createListExportsModule(deps: ListExportsDeps): PortalModule {
  return { registerRoutes: (app) => registerListExportRoutes(app, deps) };
}
