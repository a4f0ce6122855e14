// The evidence-pack module's public face: other modules import from here, never from its other files.

import type { PortalModule } from '../../platform/portal-module.ts';
import type { EvidencePackDeps } from './deps.ts';
import { registerEvidencePackRoutes } from './routes.ts';

// The evidence-pack module (decision 045, 050): users/evidence_pack, a customer's records in one
// audited ZIP for a CFPB complaint response or an examiner's sample. It owns no table: it reads
// through the owners' index files and, for what no owner answers per customer, tableReaders.
export function createEvidencePackModule(deps: EvidencePackDeps): PortalModule {
  return { registerRoutes: (app) => registerEvidencePackRoutes(app, deps) };
}
