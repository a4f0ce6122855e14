import type { HotlinkResponse } from '@portal/contracts';
import type { CustomersDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { deriveKey } from '../../platform/derived-key.ts';
import { notFound } from '../../platform/http-error.ts';
import { signToken } from '../../platform/signed-token.ts';
import * as repository from './repository.ts';

// GET users/hotlink: a link that opens the customer app signed in as this customer, for 24 hours
// and for that alone. The token is `<payload>.<signature>` in base64url: the payload names the
// purpose, the customer and the expiry; the signature is HMAC-SHA256 under a key derived from
// SECRETS_KEY for hotlinks only, which the customer app shares. Staff hand it to a customer who
// cannot sign in; each one made is audited.

export const HOTLINK_PURPOSE = 'customer-app-sign-in';
export const HOTLINK_HOURS = 24;
const HOTLINK_KEY_PURPOSE = 'hotlink-v1';

export type HotlinkPayload = { purpose: string; customer_id: number; expires_at: number };

export function signHotlink(key: Buffer, payload: HotlinkPayload): string {
  return signToken(key, payload);
}

export function hotlinkKey(context: Pick<CustomersDeps, 'secretsKey'>): Buffer {
  return deriveKey(context.secretsKey, HOTLINK_KEY_PURPOSE);
}

export async function createHotlink(
  context: Pick<CustomersDeps, 'db' | 'clock' | 'customerAppUrl' | 'secretsKey'>,
  actor: Actor,
  customerId: number,
): Promise<HotlinkResponse> {
  const key = hotlinkKey(context);
  const customer = await repository.findCustomer(context.db, customerId);
  if (!customer) throw notFound(`Customer ${customerId} was not found.`);
  const now = context.clock.now();
  const expiresAt = new Date(now.getTime() + HOTLINK_HOURS * 3_600_000);
  const token = signHotlink(key, {
    purpose: HOTLINK_PURPOSE,
    customer_id: customerId,
    expires_at: Math.floor(expiresAt.getTime() / 1000),
  });
  await recordAuditEvent(context.db, {
    ...actor,
    action: 'customer.hotlink_created',
    entityType: 'customer',
    entityId: customerId,
    after: { expires_at: expiresAt.toISOString() },
  });
  return { url: `${context.customerAppUrl}/hotlink#${token}`, expires_at: expiresAt.toISOString() };
}
