// @portal/demo-data: the demo's data (employees, macros, customers with their loans, payments and
// tickets), generated from a seed (the same customers for the same seed, whatever the size) and
// bulk-inserted, and (./samples) documents drawn as the outside world writes them. It uses the
// database package only, never the server, so the server's tests, the end-to-end specs and the
// benchmarks use it without a circle; the demo (packages/demo) seeds the rest through the server.
export {
  seedDemoData,
  DEFAULT_DEMO_SEED,
  DEMO_EMAIL,
  DEMO_PASSWORD,
  type DemoDataOptions,
  type DemoSummary,
} from './demo-data.ts';
export { BUSINESS_TIME_ZONE, todayInTimeZone } from './calendar.ts';
