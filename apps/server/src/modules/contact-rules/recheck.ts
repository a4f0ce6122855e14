import type { Database } from '@portal/db';
import type { ContactRulesDeps } from './deps.ts';
import type { HeldMessageCheck } from '../../platform/outbox.ts';
import { decideContact } from './gate.ts';

// The outbox asks again, just before it sends a message the gate held overnight: a flag switched on
// meanwhile (Do Not Contact, cease, an attorney, a bankruptcy filed) stops it, with the gate's
// sentence as the reason it was not delivered. Its hours are not asked again: it was held for them.
export function recheckHeldMessage(
  db: Database,
  deps: Pick<ContactRulesDeps, 'clock' | 'contactRules'>,
): HeldMessageCheck {
  return async (message) => {
    if (message.type === 'notification') return null;
    const verdict = await db.transaction((tx) =>
      decideContact(tx, deps, {
        customerId: message.customerId,
        ticketId: message.ticketId,
        channel: message.type as 'text' | 'email',
        purpose: message.purpose ?? 'servicing',
        employeeId: message.employeeId,
      }),
    );
    return verdict.verdict === 'refuse' ? verdict.sentence : null;
  };
}
