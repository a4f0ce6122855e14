import type { FastifyInstance } from 'fastify';
import { contactRuleCalls, type ContactVerdictResponse } from '@portal/contracts';
import type { ContactRulesDeps } from './deps.ts';
import { notFound } from '../../platform/http-error.ts';
import { registerCall } from '../../platform/register-call.ts';
import { customerExists } from '../customers/index.ts';
import { macroPurposeOf } from '../macros/index.ts';
import { decideContact } from './gate.ts';

// GET users/contact_verdict: what the gate would say of a message now, shown before Send. A read:
// the verdict of the message itself is decided (and audited) again when it is sent.
export function registerContactRuleRoutes(app: FastifyInstance, deps: ContactRulesDeps): void {
  registerCall(app, contactRuleCalls.contactVerdict, async (request): Promise<ContactVerdictResponse> => {
    const { user_id: customerId, ticket_id: ticketId, channel, purpose, macro_id: macroId } = request.query;
    return deps.db.transaction(async (tx) => {
      if (customerId !== undefined && !(await customerExists(tx, customerId)))
        throw notFound(`Customer ${customerId} was not found.`);
      // The reply box answers a ticket; the composer writes to the customer.
      const { verdict } = await decideContact(tx, deps, {
        customerId: customerId ?? null,
        ticketId: ticketId ?? null,
        channel,
        path: ticketId === undefined ? 'composer' : 'ticket_reply',
        macroPurpose: macroId === undefined ? null : ((await macroPurposeOf(tx, macroId)) ?? null),
        chosenPurpose: purpose ?? null,
        employeeId: null,
      });
      return {
        verdict: verdict.verdict,
        sentence: verdict.sentence,
        until: verdict.verdict === 'hold' ? verdict.until.toISOString() : null,
      };
    });
  });
}
