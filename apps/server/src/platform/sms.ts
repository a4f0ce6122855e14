import { DeliveryError } from './delivery-error.ts';

export type OutgoingText = { to: string; body: string };
export type SentText = { providerId: string };

// Sends texts. Without a provider configured there is none: texts stay in the outbox (status queued).
export type SmsSender = { send: (text: OutgoingText) => Promise<SentText> };

export type TwilioSettings = { accountSid: string; authToken: string; from: string; apiBaseUrl?: string };

// Twilio's Messages API over HTTPS. `to` is our 10-digit form; Twilio wants E.164.
export function createTwilioSmsSender(settings: TwilioSettings): SmsSender {
  const base = settings.apiBaseUrl ?? 'https://api.twilio.com';
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  return {
    send: async ({ to, body }) => {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ To: toE164(to), From: toE164(settings.from), Body: body }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        // Unreachable, refused or too slow: the text may go through later.
        throw new DeliveryError(`The SMS provider could not be reached (${String(error)}).`, {
          permanent: false,
          cause: error,
        });
      }
      const answer = (await response.json().catch(() => ({}))) as { sid?: string; message?: string };
      if (!response.ok || !answer.sid) {
        throw new DeliveryError(answer.message ?? `The SMS provider answered ${response.status}.`, {
          permanent: isPermanentTwilioStatus(response.status),
        });
      }
      return { providerId: answer.sid };
    },
  };
}

// Twilio answers 429 when we send too fast and 5xx when it is in trouble: both pass. Another 4xx
// refuses this message (an invalid or unreachable number, a body too long), except 401/403, which
// refuse our credentials: fixed in the settings, the text can go then.
export function isPermanentTwilioStatus(status: number): boolean {
  return status >= 400 && status < 500 && status !== 429 && status !== 401 && status !== 403;
}

export function toE164(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (phone.startsWith('+')) return `+${digits}`;
  return digits.length === 10 ? `+1${digits}` : `+${digits}`;
}
