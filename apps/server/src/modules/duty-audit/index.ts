// The duty-audit module's public face: other modules import from here, never from its other files.

import type { PortalModule } from '../../platform/portal-module.ts';
import type { DutyAuditDeps } from './deps.ts';
import { registerDutyAuditRoutes } from './routes.ts';

// The duty audit (issue 39, decision 059): monitoring beside the doors. It replays what was
// delivered and presented against the duties then in force, from recorded facts, and lists each
// breach; it writes nothing but the audit event saying it ran.
export function createDutyAuditModule(deps: DutyAuditDeps): PortalModule {
  return { registerRoutes: (app) => registerDutyAuditRoutes(app, deps) };
}
