import type { PortalModule } from '../../platform/portal-module.ts';
import type { DisputesDeps } from './deps.ts';
import { registerDisputeRouteHandlers } from './routes.ts';

// The disputes dashboard's calls (spec 001 section 7, under disputes_dashboard/). The dispute
// queue is deliberately not registered with context.employeeOffline: going offline in the ticket
// workspace must not take a dispute away from someone working it; its leases run out by themselves.
export function createDisputesModule(deps: DisputesDeps): PortalModule {
  return { registerRoutes: (app) => registerDisputeRouteHandlers(app, deps) };
}

// Letters uploaded without HTTP (the demo's first start, through @portal/server/seeding).
export { createDisputes } from './create-disputes.ts';

// When each letter about these loans came in and was answered (credit reporting's disputed spans).
export { findDisputesOfLoans } from './repository.ts';

// The open deadlines of the disputes (the deadlines module's list, decision 047).
export { findDisputeDeadlinePage, findFrivolousNoticePage } from './dispute-deadlines.ts';

// The unresolved list under a screen's filters (issue 40: its CSV export reads it as the screen does).
export { unresolvedDisputesList } from './unresolved-disputes.ts';
// A customer's disputes, by them or by their loans: the ids, the condition, and a page of them for
// their timeline (issue 40).
export { disputeIdsOfCustomer, disputesOfCustomer, findCustomerDisputesPage } from './customer-disputes.ts';
