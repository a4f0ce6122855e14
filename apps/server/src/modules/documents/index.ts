// The documents module's public face: other modules import from here, never from its other files.

import type { PortalModule } from '../../platform/portal-module.ts';
import type { DocumentsDeps } from './deps.ts';
import { registerDocumentRoutes } from './routes.ts';

export type { DocumentRecord } from './repository.ts';
export {
  countLoanDocumentsSince,
  findCustomerDocumentsPage,
  findDocumentsOfCustomers,
  findLoanDocuments,
  insertDocument,
  insertDocuments,
  markLoanDocumentsReviewed,
  toDocumentItem,
} from './stored-documents.ts';
export { LENDER_NAME } from './statement-pdf.ts';

// The documents module (decision 045): its calls, registered from their descriptors.
export function createDocumentsModule(deps: DocumentsDeps): PortalModule {
  return { registerRoutes: (app) => registerDocumentRoutes(app, deps) };
}
