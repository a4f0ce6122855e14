import { sql } from 'drizzle-orm';
import {
  contactVerdict,
  purposeOfMessage,
  SENDING_PATHS,
  sendingPaths,
  type ContactFacts,
  type ContactVerdict,
  type MessagePurpose,
  type SendingPath,
} from '@portal/contracts';
import type { Executor } from '@portal/db';
import type { ContactRulesDeps } from './deps.ts';
import { conflict } from '../../platform/http-error.ts';
import { countCollectionTextsSince, findLatestInboundOf } from '../../platform/message-store.ts';
import type { ContactClearance } from '../../platform/outbound.ts';
import { findAutomaticStay } from '../bankruptcies/index.ts';
import { lockContactFlags } from '../customers/index.ts';
import { timeZonesOfCustomer } from './customer-zones.ts';

// The contact gate (decision 046, issue 37): every text and email to a customer asks here, in the
// sender's transaction, before it is queued, and the outbox asks again at the door (door.ts) when it
// hands the message to the provider. The rule itself is pure (contracts rules/contact-gate.ts); this
// reads its facts under the customer's lock: the flags (held FOR SHARE until the sender commits),
// the automatic stay of an open bankruptcy, the customer's message it answers, the week's
// collection texts, and where the customer may be.

export type ContactAsk = {
  customerId: number | null;
  // The conversation answered, for a sender we have no customer for.
  ticketId?: number | null;
  channel: 'text' | 'email';
  // The road it comes by (SENDING_PATHS): what it is, fixed by the code that sends it.
  path: SendingPath;
  // On roads where staff choose what to say: the purpose of the macro it starts from (read from
  // the macro), and the agent's pick, which can only make it collection.
  macroPurpose?: MessagePurpose | null;
  chosenPurpose?: MessagePurpose | null;
  // Where it goes: a text's number tells the area code of where the customer may be.
  to?: string | null;
  // Who sends it (null: the Portal itself), for the audit trail.
  employeeId: number | null;
  ipAddress?: string | null;
};

type GateDeps = Pick<ContactRulesDeps, 'clock' | 'contactRules'>;

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
// The roads whose message takes the one answer a customer's message may have.
const ONE_ANSWER_PATHS = sendingPaths.filter((path) => SENDING_PATHS[path].answers === 'one');

// The customer's lock (or, without a customer, the conversation's): the gate's check and the write
// it allows are one transaction under it, so parallel sends are judged one after another (the
// weekly cap, the one answer) at queueing and at the door alike.
export async function lockContactOf(tx: Executor, to: { customerId: number | null; ticketId: number | null }) {
  const key =
    to.customerId !== null
      ? `contact:customer:${to.customerId}`
      : to.ticketId !== null
        ? `contact:ticket:${to.ticketId}`
        : null;
  if (key) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

// The facts of a message to nobody the Portal knows (no customer): no flag, no stay, no texts.
export const NO_CUSTOMER: Omit<ContactFacts, 'zones' | 'answer'> = {
  customerId: null,
  dnc: false,
  dncReason: null,
  cease: false,
  attorney: false,
  attorneyContext: null,
  bankruptcyStay: null,
  collectionTextsLast7Days: 0,
};

// The facts of the customer, read under their lock (taken by the caller). The answer and the week's
// texts depend on whether the message is queued or at the door, so the caller reads those.
export async function customerFacts(
  tx: Executor,
  to: { customerId: number | null; channel: 'text' | 'email'; address: string | null },
): Promise<Omit<ContactFacts, 'answer' | 'collectionTextsLast7Days'>> {
  const flags = to.customerId === null ? undefined : await lockContactFlags(tx, to.customerId);
  // Without a customer (a conversation with an unknown sender), the number texted is all we know.
  const phone = flags?.phoneNumber ?? (to.channel === 'text' ? to.address : null);
  const zones = timeZonesOfCustomer({ state: flags?.state ?? null, zip: flags?.zip ?? null, phone }).zones;
  if (to.customerId === null || !flags) return { ...NO_CUSTOMER, zones };
  return {
    customerId: to.customerId,
    dnc: flags.dnc,
    dncReason: flags.dncReason,
    cease: flags.cease,
    attorney: flags.attorney,
    attorneyContext: flags.attorneyContext,
    bankruptcyStay: await findAutomaticStay(tx, to.customerId),
    zones,
  };
}

// The collection texts the weekly cap counts, when this message is one (else 0): queued or sent when
// it is queued; at the door (atDoor), those that passed the door, this one left out.
export async function weekOfCollectionTexts(
  tx: Executor,
  message: { customerId: number | null; channel: 'text' | 'email'; purpose: MessagePurpose; now: Date },
  atDoor?: { exceptMessageId: number },
): Promise<number> {
  if (message.purpose !== 'collection' || message.channel !== 'text' || message.customerId === null) return 0;
  return countCollectionTextsSince(tx, message.customerId, new Date(message.now.getTime() - WEEK_MS), atDoor);
}

export type GateDecision = {
  verdict: ContactVerdict;
  purpose: MessagePurpose;
  // The customer's message this one is the answer to (or acknowledges), kept on the message.
  answersMessageId: number | null;
};

// The verdict for a message about to be queued, without acting on it (the preview before Send, and
// senders that answer a refusal in words of their own). Takes the customer's lock.
export async function decideContact(tx: Executor, deps: GateDeps, ask: ContactAsk): Promise<GateDecision> {
  const now = deps.clock.now();
  const ticketId = ask.ticketId ?? null;
  await lockContactOf(tx, { customerId: ask.customerId, ticketId });
  const facts = await customerFacts(tx, {
    customerId: ask.customerId,
    channel: ask.channel,
    address: ask.to ?? null,
  });
  const road = SENDING_PATHS[ask.path];
  const inbound =
    road.answers === 'never'
      ? null
      : await findLatestInboundOf(tx, { customerId: ask.customerId, ticketId, channel: ask.channel }, ONE_ANSWER_PATHS);
  const answer = inbound && (road.answers === 'acknowledges' || !inbound.answered) ? inbound : null;
  const purpose = purposeOfMessage(ask.path, {
    macroPurpose: ask.macroPurpose ?? null,
    chosen: ask.chosenPurpose ?? null,
    answers: answer !== null && road.answers === 'one',
  });
  const verdict = contactVerdict(
    {
      ...facts,
      answer: answer ? { inboundAt: answer.createdAt } : null,
      collectionTextsLast7Days: await weekOfCollectionTexts(tx, { ...ask, purpose, now }),
    },
    { channel: ask.channel, path: ask.path, purpose, now },
    deps.contactRules,
  );
  return { verdict, purpose, answersMessageId: answer?.id ?? null };
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
    after: { rule: verdict.rule, sentence: verdict.sentence, channel: ask.channel, path: ask.path },
    ipAddress: ask.ipAddress ?? null,
  };
  return error;
}

// The leave to queue a message the gate let through (send now, or hold until a time), carrying the
// facts the door judges it by again at delivery.
export function clearanceOf(decision: GateDecision, ask: ContactAsk): ContactClearance {
  const { verdict } = decision;
  if (verdict.verdict === 'refuse') throw contactRefusal(verdict, ask);
  return {
    verdict: verdict.verdict,
    path: ask.path,
    purpose: decision.purpose,
    legallyRequired: SENDING_PATHS[ask.path].basis === 'legally_required',
    answersMessageId: decision.answersMessageId,
    heldUntil: verdict.verdict === 'hold' ? verdict.until : null,
    sentence: verdict.sentence,
  } as ContactClearance;
}

// What a sender asks before it queues a message: the clearance, or the 409 refusal thrown.
export async function clearContact(tx: Executor, deps: GateDeps, ask: ContactAsk): Promise<ContactClearance> {
  return clearanceOf(await decideContact(tx, deps, ask), ask);
}
