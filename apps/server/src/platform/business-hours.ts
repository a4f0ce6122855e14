// The hours and their parse are the contracts' (rules/business-hours.ts), shared with the demo seed.
// The hours the database holds, and their sync at start, are the analytics module's
// (modules/analytics/business-hours-sync.ts): it owns business_hours and the rollups counted in them.
export { DEFAULT_BUSINESS_HOURS, parseBusinessHours, type BusinessHours } from '@portal/contracts';
