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

// A provider that keeps what it is given, numbering each delivery with the id the provider would.
type Recorder<Message> = Refusal & {
  sent: Message[];
  send: (message: Message) => Promise<{ providerId: string }>;
};

function createRecorder<Message>(providerIdOf: (count: number) => string): Recorder<Message> {
  const recorder: Recorder<Message> = {
    sent: [],
    failWith: null,
    failPermanently: true,
    send: async (message) => {
      refuse(recorder);
      recorder.sent.push(message);
      return { providerId: providerIdOf(recorder.sent.length) };
    },
  };
  return recorder;
}

export type RecordingMailer = Mailer & Refusal & { sent: OutgoingEmail[] };

// Records every email.
export function createRecordingMailer(): RecordingMailer {
  return createRecorder<OutgoingEmail>((count) => `<fake-${count}@mail.test>`);
}

export type RecordingSms = SmsSender & Refusal & { sent: OutgoingText[] };

export function createRecordingSms(): RecordingSms {
  return createRecorder<OutgoingText>((count) => `SMfake${count}`);
}
