import { DeliveryError } from '../platform/delivery-error.ts';
import type { Mailer, OutgoingEmail } from '../platform/mail.ts';
import type { OutgoingText, SmsSender } from '../platform/sms.ts';

// Fakes of the outbound providers (convention 10): same interfaces, no network.

// While failWith is set the provider refuses every message with it: for good (a rejected recipient,
// the default) or for now when failPermanently is false (a provider that is down).
type Refusal = { failWith: string | null; failPermanently: boolean };

function refuse(refusal: Refusal): void {
  if (refusal.failWith !== null) throw new DeliveryError(refusal.failWith, { permanent: refusal.failPermanently });
}

export type RecordingMailer = Mailer & Refusal & { sent: OutgoingEmail[] };

// Records every email.
export function createRecordingMailer(): RecordingMailer {
  const mailer: RecordingMailer = {
    sent: [],
    failWith: null,
    failPermanently: true,
    send: async (email) => {
      refuse(mailer);
      mailer.sent.push(email);
      return { providerId: `<fake-${mailer.sent.length}@mail.test>` };
    },
  };
  return mailer;
}

export type RecordingSms = SmsSender & Refusal & { sent: OutgoingText[] };

export function createRecordingSms(): RecordingSms {
  const sms: RecordingSms = {
    sent: [],
    failWith: null,
    failPermanently: true,
    send: async (text) => {
      refuse(sms);
      sms.sent.push(text);
      return { providerId: `SMfake${sms.sent.length}` };
    },
  };
  return sms;
}
