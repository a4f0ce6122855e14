import type { PortalModule } from '../../platform/portal-module.ts';
import type { ApprovalsDeps } from './deps.ts';
import { registerApprovalRoutes } from './routes.ts';

// The approvals module's public face (issue 41, decision 069): four eyes on refunds, credits,
// settlements, payment invalidations and SSN changes. The owning module asks for an approval in its
// own transaction; the inbox's decisions carry the action out through the carriers buildApp hands in.
export type { ApprovalCarrier, CarryOut } from './deps.ts';
export type { ApprovalRecord } from './repository.ts';
export { awaitingSentence, requestApproval } from './approval-service.ts';
export { rekeyApprovalPayloads } from './rekey-payloads.ts';
export { pendingApprovalsJson, type PendingApprovalJson } from './pending-json.ts';

export function createApprovalsModule(deps: ApprovalsDeps): PortalModule {
  return { registerRoutes: (app) => registerApprovalRoutes(app, deps) };
}
