import { startPortal } from './start-portal.ts';

// The Portal's server. A start with the demo data (npm start in dev) runs packages/demo/src/start.ts,
// which passes the demo to the same startPortal.
await startPortal();
