import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { STAGES } from '@portal/contracts';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

// Every setting the server reads, with its default. The README's configuration table lists them.
const environment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  STAGE: z.enum(STAGES).default('dev'),
  PUBLIC_URL: z.string().url().optional(),
  BUSINESS_TIME_ZONE: z.string().min(1).default('America/Los_Angeles'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_CUSTOMERS: z.coerce.number().int().min(0).max(1_000_000).default(200),
  TRUST_PROXY: flag.default(false),
  WEB_DIST_DIR: z.string().min(1).default(resolve(repositoryRoot, 'apps/web/dist')),
  SIGN_IN_WINDOW_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  SIGN_IN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  SIGN_IN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  STORAGE_DIR: z.string().min(1).optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('Portal Support <support@portal.example>'),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM_NUMBER: z.string().min(10).optional(),
  INBOUND_EMAIL_SECRET: z.string().min(16, 'INBOUND_EMAIL_SECRET must be at least 16 characters.').optional(),
  TICKET_LEASE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  CUSTOMER_APP_URL: z.string().url().default('https://app.portal.example'),
});

export type Config = {
  port: number;
  host: string;
  database: { kind: 'postgres'; url: string; poolSize: number } | { kind: 'pglite'; dataDir: string };
  stage: (typeof STAGES)[number];
  publicUrl: string | null;
  businessTimeZone: string;
  logLevel: z.infer<typeof environment>['LOG_LEVEL'];
  seedCustomers: number;
  trustProxy: boolean;
  webDistDir: string;
  signIn: { windowMinutes: number; maxFailuresPerEmail: number; maxFailuresPerAddress: number };
  sessionCacheSeconds: number;
  storageDir: string;
  smtp: { url: string; from: string } | null;
  twilio: { accountSid: string | null; authToken: string | null; fromNumber: string | null };
  inboundEmailSecret: string | null;
  ticketLeaseMinutes: number;
  customerAppUrl: string;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.env.INIT_CWD ?? process.cwd()): Config {
  const parsed = environment.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  return {
    port: values.PORT,
    host: values.HOST,
    database: values.DATABASE_URL
      ? { kind: 'postgres', url: values.DATABASE_URL, poolSize: values.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: resolve(cwd, values.DATA_DIR) },
    stage: values.STAGE,
    publicUrl: values.PUBLIC_URL ?? null,
    businessTimeZone: values.BUSINESS_TIME_ZONE,
    logLevel: values.LOG_LEVEL,
    seedCustomers: values.SEED_CUSTOMERS,
    trustProxy: values.TRUST_PROXY,
    webDistDir: values.WEB_DIST_DIR,
    signIn: {
      windowMinutes: values.SIGN_IN_WINDOW_MINUTES,
      maxFailuresPerEmail: values.SIGN_IN_MAX_FAILURES_PER_EMAIL,
      maxFailuresPerAddress: values.SIGN_IN_MAX_FAILURES_PER_ADDRESS,
    },
    sessionCacheSeconds: values.SESSION_CACHE_SECONDS,
    storageDir: resolve(cwd, values.STORAGE_DIR ?? join(values.DATA_DIR, 'files')),
    smtp: values.SMTP_URL ? { url: values.SMTP_URL, from: values.MAIL_FROM } : null,
    twilio: {
      accountSid: values.TWILIO_ACCOUNT_SID ?? null,
      authToken: values.TWILIO_AUTH_TOKEN ?? null,
      fromNumber: values.TWILIO_FROM_NUMBER ?? null,
    },
    inboundEmailSecret: values.INBOUND_EMAIL_SECRET ?? null,
    ticketLeaseMinutes: values.TICKET_LEASE_MINUTES,
    customerAppUrl: values.CUSTOMER_APP_URL.replace(/\/+$/, ''),
  };
}
