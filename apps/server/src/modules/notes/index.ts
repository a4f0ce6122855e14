// The notes module's public face: other modules import from here, never from its other files.

import type { PortalModule } from '../../platform/portal-module.ts';
import type { NotesDeps } from './deps.ts';
import { registerNoteRoutes } from './routes.ts';

// A customer's notes for the read models: their timeline's pages and their evidence pack (issue 40),
// and the ids of their notes (their audit events).
export { findCustomerNotesPage, findEveryCustomerNote } from './customer-notes.ts';
export { noteIdsOfCustomer } from './repository.ts';

// The notes module (decision 045): internal notes on tickets and customers, @mentions and the
// mentions inbox, registered from their descriptors.
export function createNotesModule(deps: NotesDeps): PortalModule {
  return { registerRoutes: (app) => registerNoteRoutes(app, deps) };
}
