import { stopTracing } from './tracing.ts';
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { openDatabase, type Database, type Executor } from '@portal/db';
import { EXIT_CONFIGURATION, processPlan, superviseApiProcesses } from './api-processes.ts';
import { wrongSecretsKey } from './key-check.ts';
import { buildApp } from './app.ts';
import { loadConfig, loadSecretsKey, type Config } from './config.ts';
import { sealStoredBankNumbers, sealStoredSsns } from './modules/customers/index.ts';
import { sealStoredMfaSecrets } from './modules/session/index.ts';
import { createSmtpMailer } from './platform/mail.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { createSecretBox } from './platform/secret-box.ts';
import { createTwilioSmsSender } from './platform/sms.ts';
import { createDirectoryStorage, type FileStorage } from './platform/storage.ts';
import { prepareDatabase } from './startup.ts';

// What a start in dev may add (packages/demo/src/start.ts: the demo), so that the server itself
// never imports the demo. Each runs with STAGE=dev only.
export type StartExtras = {
  // Fills an empty database, under the migrations' lock (so two processes never both seed).
  seedEmpty?: (tx: Executor, start: { config: Config; secretsKey: Buffer }) => Promise<unknown>;
  // Once the database and the storage are ready, before the API listens; `seeded` on a first start.
  afterPrepare?: (ready: {
    config: Config;
    secretsKey: Buffer;
    db: Database;
    storage: FileStorage;
    seeded: boolean;
  }) => Promise<void>;
  // Said once the Portal listens (the demo's sign-in).
  banner?: string;
  // The app's "now" (the demo shown at another time of day); the system clock otherwise.
  clock?: Clock;
};

// Starts the Portal: the configuration, the database (migrated; secrets sealed), the storage, the
// app, and the HTTP server, which stops cleanly on SIGINT and SIGTERM. main.ts runs it as it is.
export async function startPortal(given: StartExtras = {}): Promise<void> {
  const config = loadConfig();
  // The first process supervises WEB_CONCURRENCY API processes (api-processes.ts), each of which
  // runs this same start; with PGlite, or WEB_CONCURRENCY=1, this process is the API.
  if (cluster.isPrimary) {
    const plan = processPlan(config, availableParallelism());
    if (plan.note) console.log(plan.note);
    if (plan.processes > 1) return superviseApiProcesses(plan.processes);
  }
  const secretsKey = loadSecretsKey(config.secrets);
  // The extras are the dev stage's only: any other stage starts as main.ts does.
  const extras: StartExtras = config.stage === 'dev' ? given : {};
  const database = await openDatabase(config.database);
  // Migrations, and on a first start in dev what the start adds (the demo data), so the Portal can be
  // tried with no setup.
  const seedEmpty = extras.seedEmpty;
  const seeded = await prepareDatabase(database, {
    stage: config.stage,
    seedEmpty: seedEmpty ? (tx) => seedEmpty(tx, { config, secretsKey }) : undefined,
  });
  // Started with another key than the one this database was sealed with, every SSN, bank account
  // and MFA secret would be unreadable: it does not start (decision 072). Before the sweeps below,
  // which would otherwise seal values left in plain text with that wrong key.
  const wrongKey = await wrongSecretsKey(database.db, secretsKey, config.previousSecretsKey);
  if (wrongKey) {
    console.error(wrongKey);
    await database.close();
    process.exit(EXIT_CONFIGURATION);
  }
  // MFA secrets stored in plain text by an earlier version are sealed now, once.
  const sealedSecrets = await sealStoredMfaSecrets(database.db, createSecretBox(secretsKey));
  if (sealedSecrets > 0) console.log(`Sealed ${sealedSecrets} stored MFA secrets with the secrets key.`);
  // So are customers' SSNs stored in plain text before migration 0011, in batches (decision 023).
  const sealedSsns = await sealStoredSsns(database.db, secretsKey);
  if (sealedSsns.sealed > 0)
    console.log(
      `Sealed ${sealedSsns.sealed.toLocaleString('en-US')} stored SSNs with the secrets key in ${sealedSsns.seconds.toFixed(1)} s.`,
    );
  // And bank accounts' routing and account numbers stored in plain text before migration 0041, or
  // by a seed given no sealer (decision 070).
  const sealedBanks = await sealStoredBankNumbers(database.db, secretsKey);
  if (sealedBanks.sealed > 0)
    console.log(
      `Sealed ${sealedBanks.sealed.toLocaleString('en-US')} stored bank accounts' numbers with the secrets key in ${sealedBanks.seconds.toFixed(1)} s.`,
    );

  if (config.previousSecretsKey)
    console.log(
      'SECRETS_KEY_PREVIOUS is set: what it sealed still opens and the links it signed still hold. Run npm run reseal to move everything to SECRETS_KEY (docs/operations.md).',
    );

  // Files in a directory or an S3 bucket; the AWS SDK is loaded only for S3.
  const storage =
    config.storage.driver === 's3'
      ? (await import('./platform/s3-storage.ts')).createS3Storage(config.storage)
      : createDirectoryStorage(config.storage.dir);
  // What the start adds once the database and the storage are ready (the demo's documents and emails).
  if (extras.afterPrepare)
    await extras.afterPrepare({ config, secretsKey, db: database.db, storage, seeded: seeded !== null });

  const app = await buildApp({
    database,
    clock: extras.clock ?? systemClock,
    settings: config,
    webDistDir: config.webDistDir,
    secretsKey,
    previousSecretsKey: config.previousSecretsKey,
    mailer: config.smtp ? createSmtpMailer(config.smtp.url, config.smtp.from) : null,
    sms:
      config.twilio.accountSid && config.twilio.authToken && config.twilio.fromNumber
        ? createTwilioSmsSender({
            accountSid: config.twilio.accountSid,
            authToken: config.twilio.authToken,
            from: config.twilio.fromNumber,
            ...(config.twilioApiBaseUrl ? { apiBaseUrl: config.twilioApiBaseUrl } : {}),
          })
        : null,
    storage,
  });

  // On SIGTERM or SIGINT: no new requests, those under way answered, the outbox's delivery under
  // way finished (app.close), then the database closed. Once: under the supervisor a terminal's
  // Ctrl-C reaches a process twice (its own SIGINT, and the supervisor's SIGTERM).
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void app
      .close()
      .then(() => database.close())
      .then(() => stopTracing())
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  await app.listen({ port: config.port, host: config.host });
  const where =
    config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.database.dataDir}`;
  const which = cluster.isWorker ? ` (API process ${process.pid})` : '';
  console.log(`The Portal is running at http://localhost:${config.port} on ${where}${which}.`);
  if (extras.banner) console.log(extras.banner);
}
