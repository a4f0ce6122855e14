import type { ApprovalThresholds, ContactSettings } from '@portal/contracts';
import type { Database } from '@portal/db';
import type { AchConfig } from './config.ts';
import type { Clock } from './platform/clock.ts';
import type { EmployeeOfflineRegistry } from './platform/employee-offline.ts';
import type { Outbox } from './platform/outbox.ts';
import type { FileStorage } from './platform/storage.ts';

// What the domain modules are given: the database and the adapters to the outside world.
export type ServerContext = {
  db: Database;
  clock: Clock;
  businessTimeZone: string;
  // Sends what a transaction queued (platform/outbox.ts); a channel without a provider stays queued.
  outbox: Outbox;
  storage: FileStorage;
  ticketLeaseMinutes: number;
  // How long a reply waits in the outbox before it may leave, so its agent can undo it (UNDO_SEND_SECONDS).
  undoSendSeconds: number;
  // Each work queue registers here, so the session module hands an employee's items back when
  // they go offline or sign out without knowing the queues.
  employeeOffline: EmployeeOfflineRegistry;
  // How many days past its loan's maturity a payment may be moved (PAYMENT_DATE_GRACE_DAYS).
  paymentDateGraceDays: number;
  // The contact gate's settings (CONTACT_WINDOW, CONTACT_LIVE_MINUTES, CONTACT_COLLECTION_TEXTS_PER_7_DAYS).
  contactRules: ContactSettings;
  // The customer app's address, for links in messages to customers (where they accept an offer).
  customerAppUrl: string;
  // Whom staff tell when a refund fails on the server (ESCALATION_CONTACT; spec 000 section 8).
  escalationContact: string;
  // Routing numbers the identification review flags (FLAGGED_ROUTING_NUMBERS).
  flaggedRoutingNumbers: readonly string[];
  // The ACH file's bank and company identifiers and the bank's cut-off (ACH_*), or what is missing.
  ach: AchConfig;
  // The returned-payment fee in cents (BOUNCE_FEE), charged on R01 and R09 returns.
  bounceFeeCents: number;
  // Four eyes (APPROVAL_THRESHOLDS, APPROVAL_EXPIRY_HOURS): which actions wait, and for how long.
  approvals: { thresholds: ApprovalThresholds; expiryHours: number };
  // SECRETS_KEY: the root of every key the server derives (platform/derived-key.ts); null when the
  // app was built without one, so anything needing it answers 503.
  secretsKey: Buffer | null;
  // SECRETS_KEY_PREVIOUS while a new key is rolled out (decision 072): what it sealed still opens and
  // the links it signed still hold; nothing new is sealed or signed with it.
  previousSecretsKey: Buffer | null;
  inbound: {
    // Twilio signs every webhook with the account's auth token; null turns the SMS webhook off.
    twilioAuthToken: string | null;
    // The inbound-email relay sends this secret as a bearer token; null turns the endpoint off.
    emailSecret: string | null;
    // The public base URL Twilio calls, which its signature covers.
    publicUrl: string | null;
  };
};
