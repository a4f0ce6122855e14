// The credit reporting module's public face: other modules import from here, never from its other files.

import type { PortalModule } from '../../platform/portal-module.ts';
import type { CreditReportingDeps } from './deps.ts';
import { registerCreditReportingRouteHandlers } from './routes.ts';

// The FCRA lookup, ACDV and credit report adjustment calls (spec 001 section 7).
export function createCreditReportingModule(deps: CreditReportingDeps): PortalModule {
  return { registerRoutes: (app) => registerCreditReportingRouteHandlers(app, deps) };
}

// ACDV requests imported without HTTP (npm run acdv:import, the demo's first start).
export { importAcdvFile } from './acdv-import.ts';

// What the Portal reports of a loan (the demo's sample ACDVs are drawn from it).
export { reportAccount } from './metro2-account.ts';
export { scheduledMonthlyPaymentCents, wholeDollars } from './metro2-wire.ts';
export { readReportedLoans } from './reporting-loan.ts';
// The records of a customer's loans as furnished in the stored Metro 2 files (the evidence pack).
export type { FurnishedRecord } from './furnished-records.ts';
export { readFurnishedRecords } from './furnished-records.ts';

// The Resend a dispute resolved in the consumer's favour queues for the next correction file; buildApp
// hands it to the disputes module, which this module reads (decision 049).
export { queueDisputeCorrection } from './adjustments.ts';

// The unanswered ACDVs by response date (the deadlines module's list, decision 047).
export { findAcdvDeadlinePage } from './acdv-deadlines.ts';

// A new SECRETS_KEY (npm run reseal, decision 072).
export { rekeyAcdvSsnHashes } from './rekey-acdv-hashes.ts';
