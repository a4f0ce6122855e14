// First: traces, when configured, patch pg and Fastify as they load (tracing.ts).
import './tracing.ts';
import { startPortal } from './start-portal.ts';

// The Portal's server. A start with the demo data (npm start in dev) runs packages/demo/src/start.ts,
// which passes the demo to the same startPortal.
await startPortal();
