import type { FastifyInstance } from 'fastify';
import { letterCalls } from '@portal/contracts';
import type { LettersDeps } from './deps.ts';
import { actorOf } from '../../platform/actor.ts';
import { registerCall } from '../../platform/register-call.ts';
import { issueLetter } from './letter-service.ts';

// The user page's letters: account status, debt validation (each saved, emailed when asked) and
// the FCRA packet (saved only).
export function registerLetterRoutes(app: FastifyInstance, context: LettersDeps): void {
  registerCall(app, letterCalls.sendAccountStatus, (request) =>
    issueLetter(context, actorOf(request), {
      kind: 'account_status_letter',
      loanId: request.body.loan_id,
      sendEmail: request.body.send_email,
    }),
  );
  registerCall(app, letterCalls.sendDebtValidation, (request) =>
    issueLetter(context, actorOf(request), {
      kind: 'debt_validation_letter',
      loanId: request.body.loan_id,
      sendEmail: request.body.send_email,
    }),
  );
  registerCall(app, letterCalls.generateFcraPacket, (request) =>
    issueLetter(context, actorOf(request), {
      kind: 'fcra_packet',
      loanId: request.body.loan_id,
      customerId: request.body.user_id,
      sendEmail: false,
    }),
  );
}
