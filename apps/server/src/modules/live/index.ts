// The live module's public face: other modules import from here, never from its other files.

import type { FastifyBaseLogger } from 'fastify';
import type { LiveTopic } from '@portal/contracts';
import type { PortalModule } from '../../platform/portal-module.ts';
import { findEmployeeNames } from '../session/index.ts';
import type { LiveDeps } from './deps.ts';
import { createLiveHub } from './live-hub.ts';
import { LIVE_CHANNEL } from './live-notice.ts';
import * as repository from './repository.ts';
import { registerLiveRoutes } from './routes.ts';

// A stream's client that has not taken this much is closed; it reconnects and resyncs.
const MAX_BUFFERED_BYTES = 1024 * 1024;

type LiveModule = PortalModule & {
  // Runs hook in this process whenever the topic's list changes, in any process (a cache to drop).
  onRefresh: (topic: LiveTopic, hook: () => void) => void;
  // Listens on portal_live and beats the heart of this process's streams; answers the function
  // that stops both and ends every stream (the app's onClose).
  start: (log: FastifyBaseLogger) => Promise<() => Promise<void>>;
};

// The live module (issue 40, decision 063): GET live (server-sent events) and PUT live_watch, fed
// by the portal_live channel that the database's triggers NOTIFY on (migration 0033).
export function createLiveModule(deps: LiveDeps): LiveModule {
  const { db, settings } = deps;
  let log: FastifyBaseLogger | null = null;
  const hub = createLiveHub({
    readViewers: (topics) => repository.findViewers(db, topics),
    readNames: (ids) => findEmployeeNames(db, ids),
    refreshEveryMs: settings.refreshEveryMs,
    maxBufferedBytes: MAX_BUFFERED_BYTES,
    onError: (error) => log?.warn({ err: error }, 'A live event could not be sent.'),
  });

  async function heartbeat(): Promise<void> {
    hub.ping();
    const streams = hub.streams();
    await repository.markStreamsSeen(
      db,
      streams.map((stream) => stream.id),
    );
    // A session that ended (signed out, expired, a role taken away is a new session) ends its streams.
    for (const stream of streams) {
      try {
        const session = await deps.sessions.authenticate(stream.token);
        if (session.employeeId !== stream.employeeId) stream.sink.end();
      } catch {
        stream.sink.end();
      }
    }
  }

  return {
    registerRoutes: (app) => registerLiveRoutes(app, deps, hub),
    onRefresh: hub.onRefresh,
    start: async (appLog) => {
      log = appLog;
      let missed = false;
      const stopListening = await deps.listen(LIVE_CHANNEL, hub.receive, (listening) => {
        if (!listening) {
          missed = true;
          appLog.warn('Lost the connection that listens for live changes; open pages resync when it is back.');
        } else if (missed) {
          missed = false;
          hub.resync();
        }
      });
      const timer = setInterval(() => {
        heartbeat().catch((error: unknown) => appLog.warn({ err: error }, 'The live streams heartbeat failed.'));
      }, settings.heartbeatMs);
      timer.unref();
      return async () => {
        clearInterval(timer);
        hub.stop();
        await stopListening();
      };
    },
  };
}
