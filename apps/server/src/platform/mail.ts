import nodemailer from 'nodemailer';

export type OutgoingEmail = { to: string; subject: string; text: string; inReplyTo?: string | null };
export type SentEmail = { providerId: string };

// Sends email. Without SMTP_URL there is no mailer: messages stay in the outbox (status queued).
export type Mailer = { send: (email: OutgoingEmail) => Promise<SentEmail> };

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async (email) => {
      const info = await transport.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.inReplyTo ? { inReplyTo: email.inReplyTo, references: email.inReplyTo } : {}),
      });
      return { providerId: info.messageId };
    },
  };
}
