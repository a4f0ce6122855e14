import { contactVerdict, storedMessageRoad } from '@portal/contracts';
import type { Database } from '@portal/db';
import type { ContactRulesDeps } from './deps.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { findInboundAt, holdAtDoor, markPassedDoor, refuseAtDoor } from '../../platform/message-store.ts';
import type { DoorOutcome, MessageDoor } from '../../platform/outbox.ts';
import { customerFacts, lockContactOf, weekOfCollectionTexts } from './gate.ts';

// The door (issue 37, convention 9): every duty is decided again where the outbox hands a message
// to the provider, at that moment, under the customer's lock, from facts the Portal holds (the
// flags, the stay, the week's collection texts, the hours where the customer may be, and the facts
// stored on the message when it was queued: its road, its purpose, its legal mark, the customer's
// message it answers). The verdict and the write it allows are one transaction:
// - send: the message is marked as through the door (door_passed_at), which the weekly cap counts,
//   so ten deliveries in parallel pass the cap one at a time; then the outbox sends it;
// - hold: its moment has passed (a retry after 9 pm, a reply whose few minutes ran out): it waits
//   for the window's next opening, the attempt not counted;
// - refuse: undelivered, with the gate's sentence as its reason. A legally required notice is never
//   refused (no flag or stay applies to it); undelivered for another reason, it is listed to be
//   mailed (the deadlines screen).

export function createMessageDoor(db: Database, deps: Pick<ContactRulesDeps, 'clock' | 'contactRules'>): MessageDoor {
  return (message) =>
    db.transaction(async (tx): Promise<DoorOutcome> => {
      const now = deps.clock.now();
      // Judged by the facts written on it when queued (contracts' storedMessageRoad, which the duty
      // audit asks too): its road, its legal mark, its purpose.
      const { path, purpose } = storedMessageRoad(message);
      if (path === 'staff_mail') {
        await markPassedDoor(tx, message.id, now);
        return { kind: 'pass' };
      }
      const channel = message.type === 'email' ? 'email' : 'text';
      await lockContactOf(tx, { customerId: message.customerId, ticketId: message.ticketId });
      const facts = await customerFacts(tx, {
        customerId: message.customerId,
        channel,
        address: message.toAddress,
      });
      const inboundAt = message.answersMessageId === null ? null : await findInboundAt(tx, message.answersMessageId);
      const verdict = contactVerdict(
        {
          ...facts,
          answer: inboundAt ? { inboundAt } : null,
          collectionTextsLast7Days: await weekOfCollectionTexts(
            tx,
            { customerId: message.customerId, channel, purpose, now },
            { exceptMessageId: message.id },
          ),
        },
        { channel, path, purpose, now },
        deps.contactRules,
      );
      if (verdict.verdict === 'send') {
        await markPassedDoor(tx, message.id, now);
        return { kind: 'pass' };
      }
      const audit = {
        employeeId: null,
        entityType: 'message',
        entityId: message.id,
        before: { status: message.status, next_attempt_at: message.nextAttemptAt?.toISOString() ?? null },
      } as const;
      if (verdict.verdict === 'hold') {
        await holdAtDoor(tx, message.id, verdict.until);
        await recordAuditEvent(tx, {
          ...audit,
          action: 'message.held_at_door',
          after: { held_until: verdict.until.toISOString(), sentence: verdict.sentence },
        });
        return { kind: 'held', until: verdict.until };
      }
      const error = `Not sent: ${verdict.sentence}`;
      await refuseAtDoor(tx, message.id, error);
      await recordAuditEvent(tx, {
        ...audit,
        action: 'message.refused_at_door',
        after: { status: 'undelivered', rule: verdict.rule, sentence: verdict.sentence },
      });
      return { kind: 'refused', sentence: verdict.sentence };
    });
}
