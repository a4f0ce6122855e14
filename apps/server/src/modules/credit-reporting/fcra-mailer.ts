import { FCRA_MAILER_CODES, FCRA_MESSAGES, type FcraMailerResponse } from '@portal/contracts';
import type { CreditReportingDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { unprocessable } from '../../platform/http-error.ts';
import { issueLetter } from '../letters/index.ts';

// POST fcra_dashboard/fcra_mailer {id, code}: the 103 (identity fraud) mailer for the loan's
// customer, drawn as a PDF letter, saved to their documents and emailed (kept in the outbox until
// the mail server takes it) by the one letter service every letter goes through.
export async function sendFcraMailer(
  context: CreditReportingDeps,
  caller: Actor,
  loanId: number,
  code: string,
): Promise<FcraMailerResponse> {
  if (code === '') throw unprocessable('Code is required: the 103 mailer is code 103.');
  if (!(FCRA_MAILER_CODES as readonly string[]).includes(code))
    throw unprocessable(`There is no ${code} mailer; the FCRA lookup sends the 103 mailer (code 103).`);
  const letter = await issueLetter(context, caller, { kind: 'fcra_103_mailer', loanId, sendEmail: true });
  return {
    message: FCRA_MESSAGES.mailerSent,
    detail: letter.message,
    document_id: letter.document.id,
    message_id: letter.message_id,
  };
}
