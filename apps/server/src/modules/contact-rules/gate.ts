import { contactVerdict, type ContactFacts, type ContactVerdict, type MessagePurpose } from '@portal/contracts';
import type { Executor } from '@portal/db';
import type { ContactRulesDeps } from './deps.ts';
import { conflict } from '../../platform/http-error.ts';
import { countCollectionTextsSince, findLastInboundAt } from '../../platform/message-store.ts';
import type { ContactClearance } from '../../platform/outbound.ts';
import { findAutomaticStay } from '../bankruptcy-notices/index.ts';
import { lockContactFlags } from '../customers/index.ts';

// The contact gate (decision 046): every text and email to a customer asks here, in the sender's
// transaction, before it is queued. The rule itself is pure (contracts rules/contact-gate.ts); this
// reads its facts: the customer's flags (held FOR SHARE until the sender commits), the automatic
// stay of an open bankruptcy, the conversation's last message in, and the week's collection texts.

export type ContactAsk = {
  customerId: number | null;
  // The conversation answered, for a sender we have no customer for.
  ticketId?: number | null;
  channel: 'text' | 'email';
  purpose: MessagePurpose;
  legallyRequired?: boolean;
  // Who sends it (null: the Portal itself), for the audit trail.
  employeeId: number | null;
  ipAddress?: string | null;
};

type GateDeps = Pick<ContactRulesDeps, 'clock' | 'contactRules'>;

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

async function contactFacts(tx: Executor, ask: ContactAsk, now: Date): Promise<ContactFacts> {
  const lastInboundAt = await findLastInboundAt(tx, { customerId: ask.customerId, ticketId: ask.ticketId ?? null });
  const flags = ask.customerId === null ? undefined : await lockContactFlags(tx, ask.customerId);
  if (ask.customerId === null || !flags)
    return {
      customerId: null,
      dnc: false,
      dncReason: null,
      cease: false,
      attorney: false,
      attorneyContext: null,
      bankruptcyStay: null,
      state: null,
      lastInboundAt,
      collectionTextsLast7Days: 0,
    };
  const collecting = ask.purpose === 'collection' && ask.channel === 'text';
  return {
    customerId: ask.customerId,
    ...flags,
    bankruptcyStay: ask.purpose === 'collection' ? await findAutomaticStay(tx, ask.customerId) : null,
    lastInboundAt,
    collectionTextsLast7Days: collecting
      ? await countCollectionTextsSince(tx, ask.customerId, new Date(now.getTime() - WEEK_MS))
      : 0,
  };
}

// The verdict for a message, without acting on it (the preview before Send, and senders that
// answer a refusal in words of their own).
export async function decideContact(tx: Executor, deps: GateDeps, ask: ContactAsk): Promise<ContactVerdict> {
  const now = deps.clock.now();
  const facts = await contactFacts(tx, ask, now);
  return contactVerdict(
    facts,
    { channel: ask.channel, purpose: ask.purpose, now, legallyRequired: ask.legallyRequired ?? false },
    deps.contactRules,
  );
}

// A refusal answers 409 with the gate's sentence; the error handler audits it once the sender's
// transaction has rolled back (nothing the sender wrote is kept).
export function contactRefusal(verdict: Extract<ContactVerdict, { verdict: 'refuse' }>, ask: ContactAsk) {
  const error = conflict(verdict.sentence);
  error.auditAfterRollback = {
    employeeId: ask.employeeId,
    action: 'message.contact_refused',
    entityType: 'customer',
    entityId: ask.customerId,
    after: { rule: verdict.rule, sentence: verdict.sentence, channel: ask.channel, purpose: ask.purpose },
    ipAddress: ask.ipAddress ?? null,
  };
  return error;
}

// The leave to queue a message the gate let through (send now, or hold until a time).
export function clearanceOf(
  verdict: Exclude<ContactVerdict, { verdict: 'refuse' }>,
  ask: ContactAsk,
): ContactClearance {
  return {
    verdict: verdict.verdict,
    purpose: ask.purpose,
    heldUntil: verdict.verdict === 'hold' ? verdict.until : null,
    sentence: verdict.sentence,
  } as ContactClearance;
}

// What a sender asks before it queues a message: the clearance, or the 409 refusal thrown.
export async function clearContact(tx: Executor, deps: GateDeps, ask: ContactAsk): Promise<ContactClearance> {
  const verdict = await decideContact(tx, deps, ask);
  if (verdict.verdict === 'refuse') throw contactRefusal(verdict, ask);
  return clearanceOf(verdict, ask);
}
