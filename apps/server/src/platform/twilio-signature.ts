import { createHmac } from 'node:crypto';
import { secretsMatch } from './constant-time.ts';

export type TwilioParams = Record<string, string | string[]>;

// Twilio signs a webhook with HMAC-SHA1 (key: the account's auth token) over the full URL it
// called, followed by every POST parameter's name and value, sorted by name; base64 encoded.
// A parameter sent several times contributes each of its values, sorted.
export function computeTwilioSignature(authToken: string, url: string, params: TwilioParams): string {
  let data = url;
  for (const name of Object.keys(params).sort()) {
    const value = params[name] ?? '';
    const values = Array.isArray(value) ? [...value].sort() : [value];
    for (const each of values) data += name + each;
  }
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

export function isValidTwilioSignature(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: TwilioParams,
): boolean {
  if (!signature) return false;
  return secretsMatch(signature, computeTwilioSignature(authToken, url, params));
}
