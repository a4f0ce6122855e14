import type { Mailer, OutgoingEmail } from '../platform/mail.ts';
import type { OutgoingText, SmsSender } from '../platform/sms.ts';

// Fakes of the outbound providers (convention 10): same interfaces, no network.

export type RecordingMailer = Mailer & { sent: OutgoingEmail[]; failWith: string | null };

// Records every email; while failWith is set it refuses them as a provider would.
export function createRecordingMailer(): RecordingMailer {
  const mailer: RecordingMailer = {
    sent: [],
    failWith: null,
    send: async (email) => {
      if (mailer.failWith !== null) throw new Error(mailer.failWith);
      mailer.sent.push(email);
      return { providerId: `<fake-${mailer.sent.length}@mail.test>` };
    },
  };
  return mailer;
}

export type RecordingSms = SmsSender & { sent: OutgoingText[]; failWith: string | null };

export function createRecordingSms(): RecordingSms {
  const sms: RecordingSms = {
    sent: [],
    failWith: null,
    send: async (text) => {
      if (sms.failWith !== null) throw new Error(sms.failWith);
      sms.sent.push(text);
      return { providerId: `SMfake${sms.sent.length}` };
    },
  };
  return sms;
}
