// The deadlines module's public face: other modules import from here, never from its other files.

import type { PortalModule } from '../../platform/portal-module.ts';
import type { DeadlinesDeps } from './deps.ts';
import { registerDeadlineRoutes } from './routes.ts';

// GET deadlines (decision 047): the open items of every queue with a legal deadline, by due date,
// and POST deadlines/notice_mailed (issue 37). It owns no table: each queue's owner answers its open
// items through its index.ts; the notices to mail are platform's (platform/notices-to-mail.ts).
export function createDeadlinesModule(deps: DeadlinesDeps): PortalModule {
  return { registerRoutes: (app) => registerDeadlineRoutes(app, deps) };
}
