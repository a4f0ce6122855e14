// The demo data: employees, macros, customers with their loans, payments and tickets, generated
// from a seed (the same customers for the same seed, whatever the size) and bulk-inserted. Uses
// the database package only, so benchmarks seed with it without loading the server.
export {
  seedDemoData,
  DEFAULT_DEMO_SEED,
  DEMO_EMAIL,
  DEMO_PASSWORD,
  type DemoDataOptions,
  type DemoSummary,
} from './demo-data.ts';
