import { migrateDatabase, openDatabase } from '@portal/db';
import { DEMO_EMAIL, DEMO_PASSWORD, isDatabaseEmpty, seedDemoData } from '@portal/db/seed';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createSmtpMailer } from './platform/mail.ts';
import { createTwilioSmsSender } from './platform/sms.ts';
import { createDirectoryStorage } from './platform/storage.ts';

const config = loadConfig();
const database = await openDatabase(config.database);
await migrateDatabase(database);

// First start: demo data, so the Portal can be tried with no setup.
if (config.seedCustomers > 0 && (await isDatabaseEmpty(database.db))) {
  console.log(`Seeding demo data (${config.seedCustomers} customers)...`);
  await seedDemoData(database.db, { customers: config.seedCustomers, timeZone: config.businessTimeZone });
}

const app = await buildApp({
  database,
  stage: config.stage,
  publicUrl: config.publicUrl,
  webDistDir: config.webDistDir,
  logLevel: config.logLevel,
  trustProxy: config.trustProxy,
  signInLimits: config.signIn,
  sessionCacheSeconds: config.sessionCacheSeconds,
  businessTimeZone: config.businessTimeZone,
  mailer: config.smtp ? createSmtpMailer(config.smtp.url, config.smtp.from) : null,
  sms:
    config.twilio.accountSid && config.twilio.authToken && config.twilio.fromNumber
      ? createTwilioSmsSender({ accountSid: config.twilio.accountSid, authToken: config.twilio.authToken, from: config.twilio.fromNumber })
      : null,
  storage: createDirectoryStorage(config.storageDir),
  ticketLeaseMinutes: config.ticketLeaseMinutes,
  customerAppUrl: config.customerAppUrl,
  inbound: { twilioAuthToken: config.twilio.authToken, emailSecret: config.inboundEmailSecret, publicUrl: config.publicUrl },
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => database.close()).finally(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
const where = config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.database.dataDir}`;
console.log(`The Portal is running at http://localhost:${config.port} on ${where}.`);
console.log(`Demo sign-in: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
