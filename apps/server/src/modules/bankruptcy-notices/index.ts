// The bankruptcy notices module's public face: other modules import from here, never from its other files.

import type { PortalModule } from '../../platform/portal-module.ts';
import type { BankruptcyNoticesDeps } from './deps.ts';
import { registerNoticeRoutes } from './routes.ts';

// The bankruptcy dashboard's calls (spec 001 section 7, under bankruptcy_notices/).
export function createBankruptcyNoticesModule(deps: BankruptcyNoticesDeps): PortalModule {
  return { registerRoutes: (app) => registerNoticeRoutes(app, deps) };
}

// Notices uploaded without HTTP (the demo's first start, through @portal/server/seeding).
export { createNotices } from './create-notices.ts';

// Recording a case on a customer (the FCRA lookup's filing and discharge do it as notices do).
export { recordCustomerBankruptcy } from './record-bankruptcy.ts';

// The unprocessed notices by the day they came (the deadlines module's list, decision 047).
export { findNoticeDeadlinePage } from './notice-deadlines.ts';

// The unprocessed list under a screen's filters (issue 40: its CSV export reads it as the screen does).
export { unprocessedNoticesList } from './list-notices.ts';

// A new SECRETS_KEY (npm run reseal, decision 072).
export { rekeyNoticeSsns } from './rekey-notice-ssns.ts';
