// The contact-rules module's public face: other modules import from here, never from its other files.

import type { PortalModule } from '../../platform/portal-module.ts';
import type { ContactRulesDeps } from './deps.ts';
import { registerContactRuleRoutes } from './routes.ts';

// The contact gate every message to a customer passes when it is queued (decision 046), and the
// door the outbox asks again when it hands the message to the provider (issue 37).
export { clearanceOf, clearContact, decideContact, NO_CUSTOMER } from './gate.ts';
export { createMessageDoor } from './door.ts';
// Where a customer may be (state, ZIP, phone area codes): the zones the hours are judged in; the
// duty audit replays deliveries in the same zones.
export { timeZonesOfCustomer } from './customer-zones.ts';

// The verdict before Send (GET users/contact_verdict).
export function createContactRulesModule(deps: ContactRulesDeps): PortalModule {
  return { registerRoutes: (app) => registerContactRuleRoutes(app, deps) };
}
