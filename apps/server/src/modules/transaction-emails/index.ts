// The transaction emails module's public face: other modules (and main.ts) import from here only.

export { registerTransactionEmailRoutes } from './routes.ts';
export { seedDemoTransactionEmails } from './demo-emails.ts';
