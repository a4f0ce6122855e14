// The transaction emails module's public face: other modules import from here only.

import type { PortalModule } from '../../platform/portal-module.ts';
import type { TransactionEmailsDeps } from './deps.ts';
import { registerTransactionEmailRoutes } from './routes.ts';

// How a transaction email is kept in object storage (the demo writes a few, decision 025).
export {
  parseTransactionEmail,
  serializeTransactionEmail,
  transactionEmailKey,
  type StoredTransactionEmail,
} from './email-object.ts';

// The transaction-emails module (decision 045): its calls, registered from their descriptors.
export function createTransactionEmailsModule(deps: TransactionEmailsDeps): PortalModule {
  return { registerRoutes: (app) => registerTransactionEmailRoutes(app, deps) };
}
