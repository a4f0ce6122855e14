import { buildApp } from '@portal/server';
import { migrateDatabase, openDatabase } from '@portal/db';

// The real API on the benchmark database, as main.ts builds it (no web app, no demo seeding).
const database = await openDatabase({ kind: 'postgres', url: String(process.env.DATABASE_URL), poolSize: 20 });
await migrateDatabase(database);
// SECRETS_KEY (base64) when the benchmark's data has sealed SSNs the server must open.
const secretsKey = process.env.SECRETS_KEY ? Buffer.from(process.env.SECRETS_KEY, 'base64') : undefined;
const app = await buildApp({
  database,
  settings: { stage: 'dev', logLevel: 'silent' },
  ...(secretsKey ? { secretsKey } : {}),
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGINT', () => process.exit(0));
process.send?.('ready');
