// The contact-rules module's public face: other modules import from here, never from its other files.

import type { PortalModule } from '../../platform/portal-module.ts';
import type { ContactRulesDeps } from './deps.ts';
import { registerContactRuleRoutes } from './routes.ts';

// The contact gate every message to a customer passes (decision 046).
export type { ContactAsk } from './gate.ts';
export { clearanceOf, clearContact, contactRefusal, decideContact } from './gate.ts';
export { recheckHeldMessage } from './recheck.ts';

// The verdict before Send (GET users/contact_verdict).
export function createContactRulesModule(deps: ContactRulesDeps): PortalModule {
  return { registerRoutes: (app) => registerContactRuleRoutes(app, deps) };
}
