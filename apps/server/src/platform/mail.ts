import nodemailer from 'nodemailer';
import { DeliveryError } from './delivery-error.ts';

export type EmailAttachment = { filename: string; content: Buffer; contentType: string };
export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  inReplyTo?: string | null;
  attachments?: EmailAttachment[];
  // The left part of the Message-ID, the same on every attempt at one outbox message, so a mail
  // system that got the first drops a second copy (decision 038).
  messageKey?: string;
};
export type SentEmail = { providerId: string };

// Sends email. Without SMTP_URL there is no mailer: messages stay in the outbox (status queued).
export type Mailer = { send: (email: OutgoingEmail) => Promise<SentEmail> };

// A delivery must end well within the outbox's claim on the message (OUTBOX_CLAIM_SECONDS), so
// nodemailer's own timeouts (2 minutes to connect, 10 minutes of silence) are cut down.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    send: async (email) => {
      try {
        const info = await transport.sendMail({
          from,
          to: email.to,
          subject: email.subject,
          text: email.text,
          ...(email.messageKey ? { messageId: messageIdFor(email.messageKey, from) } : {}),
          ...(email.inReplyTo ? { inReplyTo: email.inReplyTo, references: email.inReplyTo } : {}),
          ...(email.attachments?.length ? { attachments: email.attachments } : {}),
        });
        return { providerId: info.messageId };
      } catch (error) {
        throw smtpDeliveryError(error);
      }
    },
  };
}

// <key@domain of MAIL_FROM>: RFC 5322 wants the right part to be ours.
export function messageIdFor(messageKey: string, from: string): string {
  const domain = /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'portal.invalid';
  return `<${messageKey}@${domain}>`;
}

type SmtpFailure = { message?: string; code?: string; responseCode?: number; response?: string };

// RFC 5321: a 5yz reply is a permanent refusal and a 4yz a transient one. Two 5yz are ours to fix,
// not the message's, so they are retried: 503 (bad sequence of commands: a new session can pass)
// and a refused login (EAUTH), which a corrected SMTP_URL cures. No reply at all (refused, cut or
// timed-out connection) is transient.
export function smtpDeliveryError(error: unknown): DeliveryError {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as SmtpFailure;
  const code = failure.responseCode;
  const permanent = code !== undefined && code >= 500 && code < 600 && code !== 503 && failure.code !== 'EAUTH';
  const text = failure.response ?? failure.message ?? String(error);
  return new DeliveryError(code !== undefined ? `SMTP ${text}` : `SMTP: ${text}`, { permanent, cause: error });
}
