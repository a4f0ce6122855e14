import { DAY_MS } from '@portal/contracts';
import {
  AUTO_RESPONSE_MACRO_TITLES,
  fillAutoResponse,
  isInBusinessHours,
  type AutoResponseCustomer,
} from '@portal/contracts';
import type { messages, ticketChannels, tickets } from '@portal/db';
import { formatDay, MINUTE_MS } from './calendar.ts';
import { employeeFirstName } from './demo-employees.ts';
import type { CustomerProfile } from './generate-customers.ts';
import type { LoanHistory } from './generate-loans.ts';
import { demoMacro } from './macros.ts';
import {
  dollars,
  emailBody,
  followUps,
  humanDate,
  ordinal,
  rawEmail,
  secondReplies,
  topics,
  unmatchedOpenings,
  type Topic,
  type TopicContext,
} from './message-texts.ts';
import { createSideRandom, type Random } from './random.ts';
import { pickEmployee, type SeedContext } from './seed-context.ts';
import { takeId, type FullRow } from './seed-rows.ts';

type Channel = (typeof ticketChannels)[number];
type TicketRow = FullRow<typeof tickets>;
type MessageRow = FullRow<typeof messages>;

export const SUPPORT_PHONE = '8005550100';
export const SUPPORT_EMAIL = 'support@portal.example';

const SECOND_MS = 1000;

// The after-hours macros of the demo (macros.ts), by channel: the product's auto-response takes them.
const autoResponseMacros = {
  text: demoMacro(AUTO_RESPONSE_MACRO_TITLES.text),
  email: demoMacro(AUTO_RESPONSE_MACRO_TITLES.email),
};
// The side stream of a ticket's auto-response (random.ts): its draws leave the customer's stream, and
// so their other rows, as they were.
const AUTO_RESPONSE_STREAM = 0x0a07_0001;

// Tickets are spread evenly over the customers: customer i has the tickets numbered
// floor(i*K/N) .. floor((i+1)*K/N) - 1, so any chunking gives the same tickets.
export function ticketNumbersOf(context: SeedContext, index: number): { first: number; count: number } {
  const { customerTicketCount: k, customerCount: n } = context;
  const first = Math.floor((index * k) / n);
  return { first, count: Math.floor(((index + 1) * k) / n) - first };
}

type TicketShape = {
  channel: Channel;
  state: 'open' | 'closed';
  escalated: boolean;
  archived: boolean;
  createdMs: number;
};

// The ticket number fixes the mix, so that every kind exists in a small demo too: 30% closed,
// 5% escalated, 5% archived, the rest waiting in the queue; 40% email, 60% text.
function shapeOf(context: SeedContext, random: Random, number: number): TicketShape {
  const { nowMs } = context.clock;
  const tenth = number % 10;
  const twentieth = number % 20;
  const closed = tenth === 1 || tenth === 4 || tenth === 8;
  const channel: Channel = number % 5 === 1 || number % 5 === 3 ? 'email' : 'text';
  let createdMs: number;
  if (closed) {
    createdMs = nowMs - random.int(1, 60) * DAY_MS - random.int(0, 12 * 60) * MINUTE_MS;
  } else {
    // Open tickets: some from the last evening (under 24 hours old all day), most from the last
    // few days, a few a week old (their messages count as aged after 5 days).
    const age =
      tenth === 0
        ? 'recent'
        : tenth === 2
          ? 'days'
          : random.weighted<'recent' | 'days' | 'week'>([
              ['recent', 35],
              ['days', 50],
              ['week', 15],
            ]);
    createdMs =
      age === 'recent'
        ? nowMs - random.int(5, 240) * MINUTE_MS
        : age === 'days'
          ? nowMs - random.int(30 * 60, 96 * 60) * MINUTE_MS
          : nowMs - random.int(6 * 24 * 60, 10 * 24 * 60) * MINUTE_MS;
  }
  return {
    channel,
    state: closed ? 'closed' : 'open',
    escalated: twentieth === 3,
    archived: twentieth === 7,
    createdMs,
  };
}

export function addCustomerTickets(
  context: SeedContext,
  random: Random,
  profile: CustomerProfile & { dnc: boolean },
  loans: LoanHistory,
): void {
  const { first, count } = ticketNumbersOf(context, profile.index);
  for (let number = first; number < first + count; number += 1) {
    const shape = shapeOf(context, random, number);
    const contact =
      shape.channel === 'text'
        ? profile.phone
        : profile.oldEmails.length > 0 && random.chance(0.1)
          ? random.pick(profile.oldEmails)
          : profile.email;
    const topic = pickTopic(random, loans);
    const texts = topicContext(context, random, profile, loans);
    addTicket(context, random, {
      customerId: profile.id,
      customer: { firstName: profile.firstName, lastName: profile.lastName, email: profile.email },
      dnc: profile.dnc,
      fromName: `${profile.firstName} ${profile.lastName}`,
      contact,
      shape,
      topic,
      opening: random.pick(topic.openings)(texts),
      topicContext: texts,
    });
  }
}

// Senders no customer matches: a phone number on an area code no customer has, or an address on
// a domain no customer uses.
export function addUnmatchedTickets(context: SeedContext, random: Random, count: number): void {
  const { nowMs } = context.clock;
  for (let number = 0; number < count; number += 1) {
    const channel: Channel = number % 2 === 0 ? 'text' : 'email';
    const contact =
      channel === 'text' ? `458555${String(1000 + number).slice(-4)}` : `sender${number + 1}@unlisted.example`;
    const createdMs =
      number % 3 === 0 ? nowMs - random.int(5, 240) * MINUTE_MS : nowMs - random.int(26 * 60, 72 * 60) * MINUTE_MS;
    addTicket(context, random, {
      customerId: null,
      customer: undefined,
      dnc: false,
      fromName: channel === 'email' ? `Sender ${number + 1}` : '',
      contact,
      shape: { channel, state: 'open', escalated: false, archived: false, createdMs },
      topic: null,
      opening: unmatchedOpenings[number % unmatchedOpenings.length] ?? 'Hello?',
      topicContext: null,
    });
  }
}

type TicketInput = {
  customerId: number | null;
  // The matched customer's account, which fills the auto-response's placeholders.
  customer: AutoResponseCustomer | undefined;
  dnc: boolean;
  fromName: string;
  contact: string;
  shape: TicketShape;
  topic: Topic | null;
  opening: string;
  topicContext: TopicContext | null;
};

function addTicket(context: SeedContext, random: Random, input: TicketInput): void {
  const { clock, rows, ids } = context;
  const { shape, topic } = input;
  const ticketId = takeId(ids, 'tickets');
  const subject = shape.channel === 'email' ? (topic?.subject ?? 'Question about an account') : null;
  // Open threads end with the customer waiting for an answer; closed ones with our reply.
  const messageCount =
    shape.state === 'open'
      ? random.weighted([
          [1, 45],
          [3, 35],
          [5, 20],
        ])
      : random.weighted([
          [2, 60],
          [4, 30],
          [6, 10],
        ]);
  const latestMs = clock.nowMs - MINUTE_MS;
  const room = Math.max(latestMs - shape.createdMs, MINUTE_MS);
  let sentMs = shape.createdMs;
  let lastAgent = pickEmployee(context, random);
  for (let position = 0; position < messageCount; position += 1) {
    if (position > 0) {
      // Replies come minutes to hours apart, squeezed to fit when the ticket is young.
      const gapMinutes = Math.max(6, Math.min(8 * 60, Math.floor(room / MINUTE_MS / messageCount)));
      sentMs = Math.min(sentMs + random.int(5, gapMinutes) * MINUTE_MS, latestMs);
    }
    const inbound = position % 2 === 0;
    const last = position === messageCount - 1;
    let text: string;
    if (inbound) {
      text = position === 0 ? input.opening : random.pick(followUps);
    } else {
      lastAgent = pickEmployee(context, random);
      const firstName = input.topicContext?.firstName ?? 'there';
      text =
        position === 1 && topic && input.topicContext
          ? topic.reply(input.topicContext)
          : random.pick(secondReplies)(firstName);
      if (position === 1 && !topic)
        text = 'Hi, thanks for writing in. To find your account, please send us your full name and date of birth.';
      if (shape.channel === 'email') text = emailBody(text, employeeFirstName(lastAgent));
    }
    const messageId = takeId(ids, 'messages');
    const messageSubject = subject === null ? null : position === 0 ? subject : `Re: ${subject}`;
    const externalId =
      shape.channel === 'text'
        ? `SM${random.chars('0123456789abcdef', 32)}`
        : `${ticketId}.${messageId}@mail.portal.example`;
    rows.messages.push({
      id: messageId,
      ticketId,
      customerId: input.customerId,
      macroId: null,
      filterId: null,
      type: shape.channel,
      inbound,
      subject: messageSubject,
      body: text,
      fromAddress: inbound ? input.contact : shape.channel === 'text' ? SUPPORT_PHONE : SUPPORT_EMAIL,
      toAddress: inbound ? (shape.channel === 'text' ? SUPPORT_PHONE : SUPPORT_EMAIL) : input.contact,
      status: inbound ? 'received' : 'sent',
      raw:
        inbound && shape.channel === 'email'
          ? rawEmail({
              fromName: input.fromName,
              from: input.contact,
              to: SUPPORT_EMAIL,
              subject: messageSubject ?? '',
              sentMs,
              messageId: externalId,
              body: text,
            })
          : null,
      externalId,
      // The customer's newest words on an open ticket are still waiting for an agent.
      processed: !(inbound && last && shape.state === 'open'),
      error: null,
      attempts: inbound ? 0 : 1,
      nextAttemptAt: null,
      employeeId: inbound ? null : lastAgent,
      autoResponse: false,
      idempotencyKey: null,
      deliveryKey: null,
      purpose: inbound ? null : 'servicing',
      heldUntil: null,
      sendingPath: inbound ? null : 'ticket_reply',
      legallyRequired: false,
      answersMessageId: null,
      answeredBy: null,
      doorPassedAt: inbound ? null : new Date(sentMs),
      mailedAt: null,
      mailedBy: null,
      sentAt: inbound ? null : new Date(sentMs),
      requestId: null,
      createdAt: new Date(sentMs),
    });
    if (position === 0 && answersAfterHours(context, input)) addAutoResponse(context, ticketId, subject, input);
  }

  const afterLastMs = Math.min(sentMs + random.int(1, 90) * MINUTE_MS, latestMs);
  const row: TicketRow = {
    id: ticketId,
    customerId: input.customerId,
    channel: shape.channel,
    contact: input.contact,
    subject,
    state: shape.state,
    archivedAt: shape.archived ? new Date(afterLastMs) : null,
    escalatedAt: shape.escalated ? new Date(afterLastMs) : null,
    escalatedBy: shape.escalated ? pickEmployee(context, random) : null,
    // The demo snoozes nothing (decision 064).
    snoozedAt: null,
    snoozedUntil: null,
    snoozedBy: null,
    snoozeEndedAt: null,
    snoozeEndReason: null,
    assignedTo: null,
    leaseExpiresAt: null,
    closedAt: shape.state === 'closed' ? new Date(Math.min(sentMs + MINUTE_MS, latestMs)) : null,
    closedBy: shape.state === 'closed' ? lastAgent : null,
    createdAt: new Date(shape.createdMs),
    // Set by the database when the replies are inserted (the first-response trigger, migration 0019).
    firstResponseAt: null,
    firstResponseSeconds: null,
    firstResponseBusinessSeconds: null,
    // Set by the database when an auto-response and a later message are inserted (migration 0021).
    autoRespondedAt: null,
    followedUpAt: null,
    // The reply-time clock: set by the database as the messages are inserted (migration 0039).
    slaTarget: null,
    slaStartedAt: null,
    slaUsedSeconds: 0,
    slaRunningSince: null,
    slaDueAt: null,
  };
  rows.tickets.push(row);
}

// As the product does (inbound/auto-response.ts, decision 035): the customer's message that opens a
// ticket outside business hours is answered by the Portal itself, unless the customer is marked
// Do Not Contact. Every demo ticket opens with the customer's message.
function answersAfterHours(context: SeedContext, input: TicketInput): boolean {
  const { hours, timeZone } = context.businessHours;
  return !input.dnc && !isInBusinessHours(new Date(input.shape.createdMs), hours, timeZone);
}

// The auto-response, sent 30 to 60 seconds after the opening message (before any agent's reply,
// which comes minutes later), with the audit row the product writes in the same transaction. The
// database sets tickets.auto_responded_at, followed_up_at and the rollups from the messages
// (migration 0021): a later customer message in the thread counts as a follow-up.
function addAutoResponse(context: SeedContext, ticketId: number, subject: string | null, input: TicketInput): void {
  const { rows, ids } = context;
  const { channel, createdMs } = input.shape;
  const side = createSideRandom(context.seed, AUTO_RESPONSE_STREAM, ticketId);
  const macro = autoResponseMacros[channel];
  const messageId = takeId(ids, 'messages');
  const sentAt = new Date(createdMs + side.int(30, 60) * SECOND_MS);
  rows.messages.push({
    id: messageId,
    ticketId,
    customerId: input.customerId,
    macroId: macro.id,
    filterId: null,
    type: channel,
    inbound: false,
    subject: subject === null ? null : `Re: ${subject}`,
    body: fillAutoResponse(macro.body, input.customer),
    fromAddress: channel === 'text' ? SUPPORT_PHONE : SUPPORT_EMAIL,
    toAddress: input.contact,
    status: 'sent',
    raw: null,
    externalId:
      channel === 'text' ? `SM${side.chars('0123456789abcdef', 32)}` : `${ticketId}.${messageId}@mail.portal.example`,
    processed: true,
    error: null,
    attempts: 1,
    nextAttemptAt: null,
    employeeId: null,
    autoResponse: true,
    idempotencyKey: null,
    deliveryKey: null,
    purpose: 'servicing',
    heldUntil: null,
    sendingPath: 'auto_response',
    legallyRequired: false,
    answersMessageId: null,
    answeredBy: null,
    doorPassedAt: sentAt,
    mailedAt: null,
    mailedBy: null,
    sentAt,
    requestId: null,
    createdAt: sentAt,
  });
  rows.auditEvents.push({
    id: takeId(ids, 'auditEvents'),
    employeeId: null,
    action: 'ticket.auto_response_queued',
    entityType: 'ticket',
    entityId: String(ticketId),
    before: null,
    after: { messageId, macroId: macro.id, channel },
    ipAddress: null,
    requestId: null,
    createdAt: sentAt,
  });
}

function pickTopic(random: Random, loans: LoanHistory): Topic {
  const state = loans.newest.state;
  const scope =
    state === 'active' || state === 'delinquent'
      ? 'servicing'
      : state === 'applied' || state === 'approved' || state === 'accepted'
        ? 'application'
        : 'any';
  const fitting = topics.filter(([topic]) => topic.scope === scope || topic.scope === 'any' || scope === 'any');
  return random.weighted(fitting);
}

function topicContext(
  context: SeedContext,
  random: Random,
  profile: CustomerProfile,
  loans: LoanHistory,
): TopicContext {
  const { today } = context.clock;
  const payments = loans.newest.payments;
  const dueDay = payments.nextDue?.day ?? today + 14;
  const payoffDay = today + random.int(1, 10);
  const last = profile.lastName.toLowerCase().replace(/[^a-z]/g, '');
  return {
    firstName: profile.firstName,
    newEmail: `${profile.firstName.toLowerCase()}.${last}.new${profile.id}@example.com`,
    newPhone: `${profile.phone.slice(0, 3)}555${String((profile.id * 37) % 10_000).padStart(4, '0')}`,
    dueDate: humanDate(formatDay(dueDay)),
    dueAmount: dollars(payments.nextDue?.amountCents ?? 15_000),
    payoffDate: humanDate(formatDay(payoffDay)),
    payoffAmount: dollars(payments.payoffCents || 50_000),
    askedDay: ordinal(random.pick([1, 5, 10, 15, 20, 25])),
  };
}

// Outbound texts that belong to no ticket: reminders and notices, plus one the carrier refused.
export function addNotifications(
  context: SeedContext,
  random: Random,
  profile: CustomerProfile,
  loans: LoanHistory,
): void {
  const { clock, rows, ids } = context;
  const newest = loans.newest;
  const undeliverable = profile.index === Math.min(2, context.customerCount - 1);
  if (!undeliverable && profile.index !== 0 && !random.chance(0.04)) return;
  const sentMs = clock.nowMs - random.int(60, 72 * 60) * MINUTE_MS;
  const next = newest.payments.nextDue;
  const body = undeliverable
    ? `Hi ${profile.firstName}, this is Portal support following up on your account. Please text us back when you can.`
    : newest.state === 'approved'
      ? `Good news, ${profile.firstName}! Your loan was approved. Open the app to review and accept your offer.`
      : next
        ? `Reminder: your payment of ${dollars(next.amountCents)} is due ${humanDate(formatDay(next.day))}. Reply HELP for help.`
        : `Hi ${profile.firstName}, thanks for being a customer. Check the app for your account details anytime.`;
  const message: MessageRow = {
    id: takeId(ids, 'messages'),
    ticketId: null,
    customerId: profile.id,
    macroId: null,
    filterId: null,
    type: undeliverable ? 'text' : 'notification',
    inbound: false,
    subject: null,
    body,
    fromAddress: SUPPORT_PHONE,
    toAddress: profile.phone,
    status: undeliverable ? 'undelivered' : 'sent',
    raw: null,
    externalId: `SM${random.chars('0123456789abcdef', 32)}`,
    processed: true,
    error: undeliverable ? '30006: Landline or unreachable carrier' : null,
    attempts: 1,
    nextAttemptAt: null,
    employeeId: undeliverable ? pickEmployee(context, random) : null,
    autoResponse: false,
    idempotencyKey: null,
    deliveryKey: null,
    purpose: 'servicing',
    heldUntil: null,
    // Notifications of the customer app: no road of the contact gate.
    sendingPath: null,
    legallyRequired: false,
    answersMessageId: null,
    answeredBy: null,
    doorPassedAt: undeliverable ? null : new Date(sentMs),
    mailedAt: null,
    mailedBy: null,
    sentAt: undeliverable ? null : new Date(sentMs),
    requestId: null,
    createdAt: new Date(sentMs),
  };
  rows.messages.push(message);
}
