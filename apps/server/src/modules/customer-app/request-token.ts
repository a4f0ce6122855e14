import { randomBytes } from 'node:crypto';
import { CUSTOMER_APP_TOKEN_MAX_SECONDS, CUSTOMER_APP_TOKEN_PURPOSE } from '@portal/contracts';
import type { CustomerAppDeps } from './deps.ts';
import { deriveKey, verificationKeys } from '../../platform/derived-key.ts';
import { readSignedToken, signToken } from '../../platform/signed-token.ts';

// The token the customer app sends with each call it makes for a signed-in customer (decision 036):
// `<payload>.<signature>` (platform/signed-token.ts), the payload naming the purpose, the customer,
// when it runs out, and the one request it is for: a random nonce (the token works once;
// token-uses.ts) and the request's method and path. The signature is HMAC-SHA256 under a key
// derived from SECRETS_KEY for this purpose alone ('portal:customer-app-request-v1'), which the
// customer app is given. A hotlink or an upload token, signed under their own keys, never opens
// these calls, nor this token theirs.

const KEY_PURPOSE = 'customer-app-request-v1';
// The two servers' clocks may differ by this much.
const CLOCK_SKEW_SECONDS = 60;
// base64url, 16 to 128 characters: 16 random bytes make 22.
const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

// The request a token is made for: its method and its path as sent (no query string).
export type CustomerAppRequest = { method: string; path: string };

export type CustomerAppRequestPayload = {
  purpose: string;
  customer_id: number;
  expires_at: number;
  nonce: string;
  method: string;
  path: string;
};

export type CustomerAppTokenCheck =
  | { ok: true; customerId: number; nonce: string; expiresAt: Date }
  | { ok: false; reason: 'invalid' | 'expired' | 'too-long' | 'other-request' };

export function customerAppRequestKey(context: Pick<CustomerAppDeps, 'secretsKey'>): Buffer {
  return deriveKey(context.secretsKey, KEY_PURPOSE);
}

// What the customer app does for each call (here for the tests and as its reference).
export function signCustomerAppRequest(
  context: Pick<CustomerAppDeps, 'secretsKey' | 'clock'>,
  customerId: number,
  request: CustomerAppRequest,
  { seconds = CUSTOMER_APP_TOKEN_MAX_SECONDS, nonce = randomBytes(16).toString('base64url') } = {},
): string {
  const payload: CustomerAppRequestPayload = {
    purpose: CUSTOMER_APP_TOKEN_PURPOSE,
    customer_id: customerId,
    expires_at: Math.floor(context.clock.now().getTime() / 1000) + seconds,
    nonce,
    method: request.method.toUpperCase(),
    path: request.path,
  };
  return signToken(customerAppRequestKey(context), payload);
}

// The customer of a token this key signed for this purpose and this request, not run out, and not
// made to last longer than a request needs. Whether its nonce was used is the caller's to check.
export function readCustomerAppRequest(
  context: Pick<CustomerAppDeps, 'secretsKey' | 'clock'>,
  token: string,
  request: CustomerAppRequest,
): CustomerAppTokenCheck {
  const payload = readSignedToken(
    verificationKeys(context, KEY_PURPOSE),
    token,
  ) as Partial<CustomerAppRequestPayload> | null;
  if (
    !payload ||
    typeof payload !== 'object' ||
    payload.purpose !== CUSTOMER_APP_TOKEN_PURPOSE ||
    !Number.isSafeInteger(payload.customer_id) ||
    (payload.customer_id ?? 0) <= 0 ||
    !Number.isSafeInteger(payload.expires_at) ||
    typeof payload.nonce !== 'string' ||
    !NONCE_PATTERN.test(payload.nonce)
  )
    return { ok: false, reason: 'invalid' };
  const now = context.clock.now().getTime() / 1000;
  const expiresAt = payload.expires_at!;
  if (expiresAt <= now) return { ok: false, reason: 'expired' };
  if (expiresAt > now + CUSTOMER_APP_TOKEN_MAX_SECONDS + CLOCK_SKEW_SECONDS) return { ok: false, reason: 'too-long' };
  if (payload.method !== request.method.toUpperCase() || payload.path !== request.path)
    return { ok: false, reason: 'other-request' };
  return { ok: true, customerId: payload.customer_id!, nonce: payload.nonce, expiresAt: new Date(expiresAt * 1000) };
}
