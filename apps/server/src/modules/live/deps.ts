import type { DatabaseHandle } from '@portal/db';
import type { ServerContext } from '../../context.ts';
import type { Authenticator } from '../../platform/request-session.ts';

// What the live module takes from the server (decision 045): the database, its LISTEN, and the
// sessions, asked again at each heartbeat so that a stream ends with its session.
export type LiveDeps = Pick<ServerContext, 'db'> & {
  listen: DatabaseHandle['listen'];
  sessions: Authenticator;
  settings: LiveSettings;
};

export type LiveSettings = {
  // How often each stream is pinged, marked seen and its session checked.
  heartbeatMs: number;
  // A queue's refresh reaches a tab at most once in this many milliseconds.
  refreshEveryMs: number;
};
