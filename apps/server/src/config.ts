import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  CLOUD_REGION,
  DEFAULT_APPROVAL_THRESHOLDS,
  DEFAULT_BOUNCE_FEE_CENTS,
  DEFAULT_BUSINESS_TIME_ZONE,
  DEFAULT_CONTACT_SETTINGS,
  DEFAULT_CONTACT_WINDOW,
  DEFAULT_SLA_TARGETS,
  isRoutingNumber,
  parseApprovalThresholds,
  parseContactWindow,
  parseSlaTargets,
  STAGES,
  type ApprovalThresholds,
  type SlaTargets,
} from '@portal/contracts';
import { DEFAULT_BUSINESS_HOURS, parseBusinessHours, type BusinessHours } from './platform/business-hours.ts';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

const SECRETS_KEY_BYTES = 32;
const DEFAULT_ACH_CUTOFF = '16:00';
const DEV_SEED_CUSTOMERS = 200;
// The demo's flagged routing numbers (made up, with valid check digits): two demo identity cards
// carry them, so the warning shows. Other stages flag nothing until told.
export const DEV_FLAGGED_ROUTING_NUMBERS = ['123456780', '987654320'] as const;
const SECRETS_KEY_HOWTO = `${SECRETS_KEY_BYTES} random bytes in base64 (make one with: openssl rand -base64 32)`;

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

// Whom the server believes about the client's address (decision 016, issue 27): nobody (false),
// the last N hops (the proxies in front, each appending to X-Forwarded-For), or proxies at these
// addresses. The client is then the right-most address not trusted; what a client writes itself
// sits further left and is never believed.
export type TrustProxy = false | number | readonly string[];
export const MAX_TRUSTED_PROXY_HOPS = 10;
// proxy-addr's names for the private ranges.
const NAMED_PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];
const TRUST_PROXY_HOWTO =
  'set it to the number of proxies in front of the Portal (TRUST_PROXY=1 behind one load balancer), ' +
  'or to their addresses, comma-separated (e.g. TRUST_PROXY=10.0.0.0/8,192.0.2.7)';

function isProxyAddress(text: string): boolean {
  if (NAMED_PROXY_RANGES.includes(text)) return true;
  const [address = '', prefix, ...rest] = text.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

const trustProxySetting = z.string().transform((text, context): TrustProxy => {
  const value = text.trim().toLowerCase();
  if (value === 'false' || value === '0') return false;
  if (value === 'true') {
    context.addIssue({
      code: 'custom',
      message:
        '"true" is no longer accepted: it believed every X-Forwarded-For address, and a client writes there any ' +
        `address it likes; ${TRUST_PROXY_HOWTO}.`,
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= MAX_TRUSTED_PROXY_HOPS) return hops;
    context.addIssue({ code: 'custom', message: `at most ${MAX_TRUSTED_PROXY_HOPS} proxies in a row.` });
    return z.NEVER;
  }
  const addresses = value.split(',').map((part) => part.trim());
  const wrong = addresses.filter((part) => !isProxyAddress(part));
  if (wrong.length === 0) return addresses;
  context.addIssue({
    code: 'custom',
    message: `${wrong.map((part) => `'${part}'`).join(', ')} is not an IP address or range; ${TRUST_PROXY_HOWTO}.`,
  });
  return z.NEVER;
});

// Every setting the server reads, with its default. The README's configuration table lists them.
const environment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  STAGE: z.enum(STAGES).default('dev'),
  PUBLIC_URL: z.string().url().optional(),
  BUSINESS_TIME_ZONE: z
    .string()
    .min(1)
    .refine(isTimeZone, 'must be an IANA time zone name, e.g. America/Los_Angeles')
    .default(DEFAULT_BUSINESS_TIME_ZONE),
  // The hours the adjusted first response time counts, in BUSINESS_TIME_ZONE.
  BUSINESS_HOURS: z
    .string()
    .refine((text) => parseBusinessHours(text) !== null, 'must be days and hours like "Mon-Fri 08:00-17:00"')
    .default(DEFAULT_BUSINESS_HOURS),
  // The reply-time targets per channel in business minutes, first reply / next reply (decision 066).
  SLA_TARGETS: z
    .string()
    .refine(
      (text) => parseSlaTargets(text) !== null,
      'must be targets like "text=30/60,email=240/480" (business minutes)',
    )
    .default(DEFAULT_SLA_TARGETS),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Demo data is for the dev stage only (its accounts have a published password): 200 there, none elsewhere.
  SEED_CUSTOMERS: z.coerce.number().int().min(0).max(1_000_000).optional(),
  TRUST_PROXY: trustProxySetting.default(false),
  WEB_DIST_DIR: z.string().min(1).default(resolve(repositoryRoot, 'apps/web/dist')),
  SIGN_IN_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  SIGN_IN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  SIGN_IN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  STORAGE_DIR: z.string().min(1).optional(),
  // Files in STORAGE_DIR, or in an S3 bucket (credentials: the AWS SDK's default chain).
  STORAGE_DRIVER: z.enum(['directory', 's3']).default('directory'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default(CLOUD_REGION),
  S3_ENDPOINT: z.string().url().optional(),
  S3_FORCE_PATH_STYLE: flag.default(false),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('Portal Support <support@portal.example>'),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM_NUMBER: z.string().min(10).optional(),
  // Another address for Twilio's API (a regional edge, or a stand-in the end-to-end tests run).
  TWILIO_API_BASE_URL: z.string().url().optional(),
  // The outbox (decision 019): attempts per message, the first retry's wait (doubling after), how
  // long one delivery may take before another process may retry it, and the worker's poll (0: none).
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  OUTBOX_FIRST_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  OUTBOX_CLAIM_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  OUTBOX_POLL_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  // How long a reply waits in the outbox, with an Undo button, before it may be delivered (decision 065).
  UNDO_SEND_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  // The live stream (decision 063): how often each stream is pinged and its session checked, and
  // how often at most a queue's list is refreshed on a tab.
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(25),
  LIVE_REFRESH_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  INBOUND_EMAIL_SECRET: z.string().min(16, 'INBOUND_EMAIL_SECRET must be at least 16 characters.').optional(),
  // How many API processes npm start runs (issue 42): one per core by default; one with PGlite.
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  // The bearer token GET /metrics asks of its scraper (issue 42); unset, /metrics answers 503.
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters.').optional(),
  TICKET_LEASE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  PAYMENT_DATE_GRACE_DAYS: z.coerce.number().int().min(0).max(366).default(30),
  // The contact gate (decision 046): the customer's local hours messages go out in, how recent a
  // customer's message keeps a conversation live (answers go out at any hour), the weekly cap.
  CONTACT_WINDOW: z
    .string()
    .refine((text) => parseContactWindow(text) !== null, 'must be local hours like "08:00-21:00"')
    .default(DEFAULT_CONTACT_WINDOW),
  CONTACT_LIVE_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(DEFAULT_CONTACT_SETTINGS.liveConversationMinutes),
  CONTACT_COLLECTION_TEXTS_PER_7_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .max(100)
    .default(DEFAULT_CONTACT_SETTINGS.collectionTextsPer7Days),
  CUSTOMER_APP_URL: z.string().url().default('https://app.portal.example'),
  ESCALATION_CONTACT: z.string().trim().min(1).max(80).default('Engineering'),
  // Routing numbers the identification review warns about (banks that fraud comes through), comma-separated.
  FLAGGED_ROUTING_NUMBERS: z
    .string()
    .regex(
      /^\s*\d{9}(\s*,\s*\d{9})*\s*$/,
      'FLAGGED_ROUTING_NUMBERS must be nine-digit routing numbers separated by commas.',
    )
    .optional(),
  // The ACH file (issue 41, decision 068): the bank it goes to (its routing number and name), the
  // lender as the bank knows it (the 10-character company identification and the name customers see
  // on their statements), the ODFI's first eight routing digits that begin every trace number
  // (by default the destination's), and the bank's cut-off in BUSINESS_TIME_ZONE. Dev has made-up
  // values; another stage builds no file until they are set.
  ACH_IMMEDIATE_DESTINATION: z
    .string()
    .refine(isRoutingNumber, 'must be the nine-digit routing number of the bank that takes the file')
    .optional(),
  ACH_IMMEDIATE_DESTINATION_NAME: z.string().trim().min(1).max(23).optional(),
  ACH_COMPANY_ID: z
    .string()
    .regex(/^[0-9A-Za-z]{10}$/, 'must be the 10-character company identification the bank gave (often 1 and the EIN)')
    .optional(),
  ACH_COMPANY_NAME: z.string().trim().min(1).max(16).optional(),
  ACH_ODFI: z
    .string()
    .regex(/^\d{8}$/, "must be the first eight digits of the originating bank's routing number")
    .optional(),
  // The returned-payment fee in dollars, charged on R01 and R09 returns only (0: none).
  BOUNCE_FEE: z.coerce
    .number()
    .min(0)
    .max(100)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'must be dollars and cents, e.g. 15.00')
    .default(DEFAULT_BOUNCE_FEE_CENTS / 100),
  // Four eyes (decision 069): which actions wait for a second employee, from what amount, and how
  // long one waits before it expires.
  APPROVAL_THRESHOLDS: z
    .string()
    .refine(
      (text) => parseApprovalThresholds(text) !== null,
      'must be actions and amounts like "refund=0,credit=0,settlement=500,ssn_change=on" (refund, credit, settlement, invalidate, ssn_change; dollars, on or off)',
    )
    .default(DEFAULT_APPROVAL_THRESHOLDS),
  APPROVAL_EXPIRY_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(72),
  ACH_CUTOFF: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day like "16:00"')
    .default(DEFAULT_ACH_CUTOFF),
  SECRETS_KEY: z
    .string()
    .refine((value) => decodeSecretsKey(value) !== null, `SECRETS_KEY must be ${SECRETS_KEY_HOWTO}.`)
    .optional(),
  // The key being retired while npm run reseal moves everything to SECRETS_KEY (decision 072).
  SECRETS_KEY_PREVIOUS: z
    .string()
    .refine((value) => decodeSecretsKey(value) !== null, `SECRETS_KEY_PREVIOUS must be ${SECRETS_KEY_HOWTO}.`)
    .optional(),
});

// What the server is configured with: inferred from loadConfig, so a setting is written once, there.
export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.env.INIT_CWD ?? process.cwd()) {
  const parsed = environment.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  if (values.STAGE !== 'dev' && (values.SEED_CUSTOMERS ?? 0) > 0) {
    throw new Error(
      `Invalid configuration:\n  SEED_CUSTOMERS: demo data is seeded only with STAGE=dev (its accounts have a published password); unset it for STAGE ${values.STAGE}.`,
    );
  }
  if (values.STORAGE_DRIVER === 's3' && !values.S3_BUCKET) {
    throw new Error(
      'Invalid configuration:\n  S3_BUCKET: STORAGE_DRIVER=s3 needs S3_BUCKET, the name of the bucket that keeps the files (documents, statements, transaction emails).',
    );
  }
  const secretsKey = values.SECRETS_KEY === undefined ? null : decodeSecretsKey(values.SECRETS_KEY);
  // Outside dev a generated key file would be lost with the machine, and every API process must share one key.
  if (!secretsKey && values.STAGE !== 'dev') {
    throw new Error(
      `Invalid configuration:\n  SECRETS_KEY: STAGE ${values.STAGE} needs SECRETS_KEY: set it to ${SECRETS_KEY_HOWTO}, the same on every API process.`,
    );
  }
  const previousSecretsKey =
    values.SECRETS_KEY_PREVIOUS === undefined ? null : decodeSecretsKey(values.SECRETS_KEY_PREVIOUS);
  if (previousSecretsKey && secretsKey && previousSecretsKey.equals(secretsKey)) {
    throw new Error(
      'Invalid configuration:\n  SECRETS_KEY_PREVIOUS: it is SECRETS_KEY itself; set it to the key being retired, or unset it.',
    );
  }
  return {
    port: values.PORT,
    host: values.HOST,
    database: values.DATABASE_URL
      ? { kind: 'postgres' as const, url: values.DATABASE_URL, poolSize: values.DATABASE_POOL_SIZE }
      : { kind: 'pglite' as const, dataDir: resolve(cwd, values.DATA_DIR) },
    stage: values.STAGE,
    publicUrl: values.PUBLIC_URL ?? null,
    businessTimeZone: values.BUSINESS_TIME_ZONE,
    businessHours: parseBusinessHours(values.BUSINESS_HOURS) ?? businessHoursDefault(),
    slaTargets: parseSlaTargets(values.SLA_TARGETS) ?? slaTargetsDefault(),
    logLevel: values.LOG_LEVEL,
    seedCustomers: values.SEED_CUSTOMERS ?? (values.STAGE === 'dev' ? DEV_SEED_CUSTOMERS : 0),
    trustProxy: values.TRUST_PROXY,
    webDistDir: values.WEB_DIST_DIR,
    signIn: {
      windowMinutes: values.SIGN_IN_WINDOW_MINUTES,
      maxFailuresPerEmail: values.SIGN_IN_MAX_FAILURES_PER_EMAIL,
      maxFailuresPerAddress: values.SIGN_IN_MAX_FAILURES_PER_ADDRESS,
    },
    sessionCacheSeconds: values.SESSION_CACHE_SECONDS,
    storageDir: resolve(cwd, values.STORAGE_DIR ?? join(values.DATA_DIR, 'files')),
    storage:
      values.STORAGE_DRIVER === 's3' && values.S3_BUCKET
        ? {
            driver: 's3' as const,
            bucket: values.S3_BUCKET,
            region: values.S3_REGION,
            endpoint: values.S3_ENDPOINT ?? null,
            forcePathStyle: values.S3_FORCE_PATH_STYLE,
          }
        : { driver: 'directory' as const, dir: resolve(cwd, values.STORAGE_DIR ?? join(values.DATA_DIR, 'files')) },
    smtp: values.SMTP_URL ? { url: values.SMTP_URL, from: values.MAIL_FROM } : null,
    twilio: {
      accountSid: values.TWILIO_ACCOUNT_SID ?? null,
      authToken: values.TWILIO_AUTH_TOKEN ?? null,
      fromNumber: values.TWILIO_FROM_NUMBER ?? null,
    },
    twilioApiBaseUrl: values.TWILIO_API_BASE_URL?.replace(/\/+$/, '') ?? null,
    inboundEmailSecret: values.INBOUND_EMAIL_SECRET ?? null,
    metricsToken: values.METRICS_TOKEN ?? null,
    webConcurrency: values.WEB_CONCURRENCY ?? null,
    outbox: {
      maxAttempts: values.OUTBOX_MAX_ATTEMPTS,
      firstRetrySeconds: values.OUTBOX_FIRST_RETRY_SECONDS,
      claimSeconds: values.OUTBOX_CLAIM_SECONDS,
      pollMs: values.OUTBOX_POLL_MS,
    },
    live: { heartbeatMs: values.LIVE_HEARTBEAT_SECONDS * 1000, refreshEveryMs: values.LIVE_REFRESH_MS },
    ticketLeaseMinutes: values.TICKET_LEASE_MINUTES,
    undoSendSeconds: values.UNDO_SEND_SECONDS,
    paymentDateGraceDays: values.PAYMENT_DATE_GRACE_DAYS,
    contactRules: {
      ...(parseContactWindow(values.CONTACT_WINDOW) ?? DEFAULT_CONTACT_SETTINGS),
      liveConversationMinutes: values.CONTACT_LIVE_MINUTES,
      collectionTextsPer7Days: values.CONTACT_COLLECTION_TEXTS_PER_7_DAYS,
    },
    customerAppUrl: values.CUSTOMER_APP_URL.replace(/\/+$/, ''),
    escalationContact: values.ESCALATION_CONTACT,
    flaggedRoutingNumbers: values.FLAGGED_ROUTING_NUMBERS
      ? values.FLAGGED_ROUTING_NUMBERS.split(',').map((number) => number.trim())
      : values.STAGE === 'dev'
        ? [...DEV_FLAGGED_ROUTING_NUMBERS]
        : [],
    ach: achSettings(values),
    bounceFeeCents: Math.round(values.BOUNCE_FEE * 100),
    approvals: {
      thresholds: parseApprovalThresholds(values.APPROVAL_THRESHOLDS) ?? approvalThresholdsDefault(),
      expiryHours: values.APPROVAL_EXPIRY_HOURS,
    },
    // The key that seals secrets at rest, or (dev only) the file that keeps a generated one.
    secrets: secretsSource(secretsKey, join(resolve(cwd, values.DATA_DIR), 'secrets.key')),
    previousSecretsKey,
  };
}

// Dev's made-up bank and company (a routing number with a valid check digit that no bank uses).
const DEV_ACH = {
  ACH_IMMEDIATE_DESTINATION: '099999999',
  ACH_IMMEDIATE_DESTINATION_NAME: 'DEMO BANK',
  ACH_COMPANY_ID: '1999999999',
  ACH_COMPANY_NAME: 'PORTAL LENDING',
} as const;
export const ACH_VARIABLES = Object.keys(DEV_ACH) as (keyof typeof DEV_ACH)[];

type AchValues = Partial<Record<keyof typeof DEV_ACH | 'ACH_ODFI', string>> & { ACH_CUTOFF: string; STAGE: string };

// The ACH file's settings, or what is missing (outside dev, until every variable is set).
function achSettings(values: AchValues) {
  const given = values.STAGE === 'dev' ? { ...DEV_ACH, ...values } : values;
  const missing = ACH_VARIABLES.filter((name) => !given[name]);
  const cutoffMinute = Number(values.ACH_CUTOFF.slice(0, 2)) * 60 + Number(values.ACH_CUTOFF.slice(3));
  if (missing.length > 0) return { configured: false as const, missing, cutoffMinute };
  const destination = given.ACH_IMMEDIATE_DESTINATION!;
  return {
    configured: true as const,
    cutoffMinute,
    immediateDestination: destination,
    immediateDestinationName: given.ACH_IMMEDIATE_DESTINATION_NAME!,
    immediateOrigin: given.ACH_COMPANY_ID!,
    immediateOriginName: given.ACH_COMPANY_NAME!,
    companyName: given.ACH_COMPANY_NAME!,
    companyIdentification: given.ACH_COMPANY_ID!,
    originatingDfi: given.ACH_ODFI ?? destination.slice(0, 8),
  };
}
export type AchConfig = ReturnType<typeof achSettings>;

type SecretsSource = { key: Buffer } | { keyFile: string };

function secretsSource(key: Buffer | null, keyFile: string): SecretsSource {
  return key ? { key } : { keyFile };
}

// 32 bytes in standard base64 (padding optional), or null.
function decodeSecretsKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/]{43}=?$/.test(trimmed)) return null;
  const key = Buffer.from(trimmed, 'base64');
  return key.length === SECRETS_KEY_BYTES ? key : null;
}

// The configured key, or in dev the key kept in DATA_DIR/secrets.key, made (readable by this user
// only) on first start. Made under another name and linked into place, so two processes starting
// at once agree on one key and never read a half-written file.
export function loadSecretsKey(secrets: Config['secrets']): Buffer {
  if ('key' in secrets) return secrets.key;
  const { keyFile } = secrets;
  mkdirSync(dirname(keyFile), { recursive: true });
  const draft = `${keyFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${randomBytes(SECRETS_KEY_BYTES).toString('base64')}\n`, { mode: 0o600 });
  try {
    linkSync(draft, keyFile);
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  } finally {
    unlinkSync(draft);
  }
  const key = decodeSecretsKey(readFileSync(keyFile, 'utf8'));
  if (!key)
    throw new Error(`${keyFile} does not hold a secrets key (${SECRETS_KEY_HOWTO}); restore it, or set SECRETS_KEY.`);
  return key;
}

function slaTargetsDefault(): SlaTargets {
  const targets = parseSlaTargets(DEFAULT_SLA_TARGETS);
  if (!targets) throw new Error('DEFAULT_SLA_TARGETS does not parse.');
  return targets;
}

function approvalThresholdsDefault(): ApprovalThresholds {
  const thresholds = parseApprovalThresholds(DEFAULT_APPROVAL_THRESHOLDS);
  if (!thresholds) throw new Error('DEFAULT_APPROVAL_THRESHOLDS does not parse.');
  return thresholds;
}

function businessHoursDefault(): BusinessHours {
  const hours = parseBusinessHours(DEFAULT_BUSINESS_HOURS);
  if (!hours) throw new Error('DEFAULT_BUSINESS_HOURS does not parse.');
  return hours;
}
