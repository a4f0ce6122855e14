import { CUSTOMER_APP_TOKEN_MAX_SECONDS, CUSTOMER_APP_TOKEN_PURPOSE } from '@portal/contracts';
import type { ServerContext } from '../../context.ts';
import { deriveKey } from '../../platform/derived-key.ts';
import { readSignedToken, signToken } from '../../platform/signed-token.ts';

// The token the customer app sends with each call it makes for a signed-in customer (decision 036):
// `<payload>.<signature>` (platform/signed-token.ts), the payload naming the purpose, the customer
// and when it runs out; the signature HMAC-SHA256 under a key derived from SECRETS_KEY for this
// purpose alone ('portal:customer-app-request-v1'), which the customer app is given. A hotlink or an
// upload token, signed under their own keys, never opens these calls, nor this token theirs.

const KEY_PURPOSE = 'customer-app-request-v1';
// The two servers' clocks may differ by this much.
const CLOCK_SKEW_SECONDS = 60;

export type CustomerAppRequestPayload = { purpose: string; customer_id: number; expires_at: number };

export type CustomerAppTokenCheck =
  { ok: true; customerId: number } | { ok: false; reason: 'invalid' | 'expired' | 'too-long' };

export function customerAppRequestKey(context: Pick<ServerContext, 'secretsKey'>): Buffer {
  return deriveKey(context.secretsKey, KEY_PURPOSE);
}

// What the customer app does for each call (here for the tests and as its reference).
export function signCustomerAppRequest(
  context: Pick<ServerContext, 'secretsKey' | 'clock'>,
  customerId: number,
  seconds = CUSTOMER_APP_TOKEN_MAX_SECONDS,
): string {
  const payload: CustomerAppRequestPayload = {
    purpose: CUSTOMER_APP_TOKEN_PURPOSE,
    customer_id: customerId,
    expires_at: Math.floor(context.clock.now().getTime() / 1000) + seconds,
  };
  return signToken(customerAppRequestKey(context), payload);
}

// The customer of a token this key signed for this purpose, not run out, and not made to last
// longer than a request needs.
export function readCustomerAppRequest(
  context: Pick<ServerContext, 'secretsKey' | 'clock'>,
  token: string,
): CustomerAppTokenCheck {
  const payload = readSignedToken(customerAppRequestKey(context), token) as Partial<CustomerAppRequestPayload> | null;
  if (
    !payload ||
    typeof payload !== 'object' ||
    payload.purpose !== CUSTOMER_APP_TOKEN_PURPOSE ||
    !Number.isSafeInteger(payload.customer_id) ||
    (payload.customer_id ?? 0) <= 0 ||
    !Number.isSafeInteger(payload.expires_at)
  )
    return { ok: false, reason: 'invalid' };
  const now = context.clock.now().getTime() / 1000;
  const expiresAt = payload.expires_at!;
  if (expiresAt <= now) return { ok: false, reason: 'expired' };
  if (expiresAt > now + CUSTOMER_APP_TOKEN_MAX_SECONDS + CLOCK_SKEW_SECONDS) return { ok: false, reason: 'too-long' };
  return { ok: true, customerId: payload.customer_id! };
}
