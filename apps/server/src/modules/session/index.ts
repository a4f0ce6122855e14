// The session module's public face: other modules import from here, never from its other files.

import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '@portal/db';
import type { PortalModule } from '../../platform/portal-module.ts';
import { registerSessionRoutes } from './routes.ts';
import { createSessionService, type SessionService, type SessionServiceDeps } from './service.ts';
import { SESSION_CHANGES_CHANNEL, SessionCache } from './session-cache.ts';

// What staff administration may do to other employees' sessions.
export type SessionAdministration = Pick<
  SessionService,
  'endEmployeeSessions' | 'endSession' | 'announceEmployeeChange' | 'forgetEmployee'
>;

// The employee accounts (employees, roles): staff administration's commands, and the name of the
// employee a record points to for every module that shows who did something.
export {
  clearEmployeeMfa,
  employeeNameOf,
  findActiveEmployeesByHandles,
  findEmployeeNames,
  insertEmployee,
  replaceEmployeeRoles,
  setEmployeeActive,
  setEmployeePasswordHash,
} from './employee-accounts.ts';

// Sealing the TOTP secrets left unsealed by an older version (main.ts, at start).
export { rekeyMfaSecrets, sealedMfaSamples, sealStoredMfaSecrets } from './service.ts';

type SessionDeps = Omit<SessionServiceDeps, 'cache'> & {
  // How long a looked-up session is trusted without the database (SESSION_CACHE_SECONDS).
  cacheSeconds: number;
  // Whom staff tell when something fails on the server (ESCALATION_CONTACT).
  escalationContact: string;
};

// The session module (decision 045): the session service (authentication uses it for every
// request), what staff administration may do to sessions, and the sign-in calls.
type SessionModule = PortalModule & {
  service: SessionService;
  administration: SessionAdministration;
  listenForChanges: (database: Pick<DatabaseHandle, 'listen'>, log: FastifyBaseLogger) => Promise<() => Promise<void>>;
};

export function createSessionModule({ cacheSeconds, escalationContact, ...deps }: SessionDeps): SessionModule {
  const cache = new SessionCache(cacheSeconds);
  const service = createSessionService({ ...deps, cache });
  const administration: SessionAdministration = service;
  return {
    service,
    administration,
    // Keeps every process's session cache true: a change (sign-out, a role taken away) anywhere is
    // NOTIFYed, and while the listening connection is down no session is taken from the cache.
    // Answers the function that stops listening.
    listenForChanges: (database, log) =>
      database.listen(
        SESSION_CHANGES_CHANNEL,
        (change) => cache.evict(change),
        (listening) => {
          cache.setListening(listening);
          if (listening) log.info('Listening for session changes again; the session cache is back on.');
          else
            log.warn(
              'Lost the connection that listens for session changes; sessions are looked up every time until it is back.',
            );
        },
      ),
    registerRoutes: (app) => registerSessionRoutes(app, service, escalationContact),
  };
}
