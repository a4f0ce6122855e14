import { and, desc, eq } from 'drizzle-orm';
import type { SendingPath } from '@portal/contracts';
import { identityReviews, macros, messages, payments, statements, type Database } from '@portal/db';
import { createLoan, createMacro, createTicket, type NewCustomer } from '@portal/db/testing';
import type { MessageRecord } from '../platform/outbound.ts';
import { postEmail, postSms, rawEmail, twilioSmsParams } from './inbound-requests.ts';
import { callAsStaff, type SignedInStaff } from './staff-helpers.ts';
import type { TestApp } from './test-app.ts';

// One driver per sending path of the registry (SENDING_PATHS, issue 37): how the road is taken
// through the API exactly as staff (or the inbound webhook, or the failed-debit flow) take it, and
// the message row it queued, or its refusal. contact-doors.test.ts crosses each road's ways with
// every duty of the message door; a road added to the registry fails that test until it has a
// driver here.

export type Channel = 'text' | 'email';
export type Customer = { id: number; email: string; phoneNumber: string | null; firstName: string };

// One way of sending by a road.
export type SendingWay = {
  // For the test's name.
  name: string;
  channel: Channel;
  // The customer's own message before this one (which it answers or acknowledges, in the same
  // channel), written this many minutes before the send; null when the customer wrote nothing.
  wroteMinutesBefore: number | null;
  // The channel the customer wrote in, when not this one's (then it answers nothing).
  wroteIn?: Channel;
  // That message already has its one answer (a reply went out before): this one is not it.
  alreadyAnswered?: true;
  // What the agent chose, on the roads where staff choose: a macro's purpose, the Purpose picker.
  macroPurpose?: 'collection' | 'servicing';
  chosenPurpose?: 'collection' | 'servicing';
  // What the customer needs for this way (no phone on file: the road emails).
  customer?: NewCustomer;
};

// What the send left: the call's answer (its status, errors, and the sentence it told staff when it
// succeeded, if any) and the message it queued (null: none).
export type Sent = { statusCode: number; errors: string[]; answer: string | null; message: MessageRecord | null };

export type SendingPathDriver = {
  path: SendingPath;
  ways: readonly SendingWay[];
  // A refusal the road keeps to itself (the webhook answers the provider 200 whatever the gate
  // says): no message and no error; every other road answers a refusal 409 with the sentence.
  refusesSilently?: true;
  send: (t: TestApp, staff: Pick<SignedInStaff, 'headers'>, customer: Customer, way: SendingWay) => Promise<Sent>;
};

// What the app under test needs for the webhooks these drivers post to.
export const DRIVER_TWILIO_TOKEN = 'twilio-doors-token';
export const DRIVER_PUBLIC_URL = 'https://portal.example';
export const DRIVER_EMAIL_SECRET = 'doors-relay-secret';
export const DRIVER_APP_OPTIONS = {
  twilio: { accountSid: null, authToken: DRIVER_TWILIO_TOKEN, fromNumber: null },
  publicUrl: DRIVER_PUBLIC_URL,
  inboundEmailSecret: DRIVER_EMAIL_SECRET,
};
// The roles of the staff member who takes every road (returns, identification, invitations, the
// bankruptcy filing of the FCRA desk).
export const DRIVER_ROLES = ['agent', 'payments_admin', 'underwriting', 'staff_admin', 'credit_reporting'];

type Reply = { statusCode: number; body: string };

let sequence = 0;
const nextNumber = () => {
  sequence += 1;
  return sequence;
};

const minutesBefore = (at: Date, minutes: number) => new Date(at.getTime() - minutes * 60_000);

function errorsOf(reply: Reply): string[] {
  if (reply.statusCode < 400) return [];
  const body = JSON.parse(reply.body) as { errors?: string[] };
  return body.errors ?? [];
}

async function messageRow(db: Database, id: number): Promise<MessageRecord> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  if (!row) throw new Error(`message ${id} does not exist`);
  return row;
}

// The newest outbound message of the road to the customer (or, without one, to the address).
async function newestOfRoad(
  db: Database,
  path: SendingPath,
  to: { customerId: number } | { address: string },
): Promise<MessageRecord | null> {
  const [row] = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.inbound, false),
        eq(messages.sendingPath, path),
        'customerId' in to ? eq(messages.customerId, to.customerId) : eq(messages.toAddress, to.address),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(1);
  return row ?? null;
}

// The call's answer and, when it succeeded, the message it queued.
async function answered(reply: Reply, find: () => Promise<MessageRecord | null> | MessageRecord | null): Promise<Sent> {
  return {
    statusCode: reply.statusCode,
    errors: errorsOf(reply),
    answer: reply.statusCode < 300 ? sentenceOf(reply) : null,
    message: reply.statusCode < 300 ? await find() : null,
  };
}

// The sentence an answer told staff (its `message`), when it is JSON and has one.
function sentenceOf(reply: Reply): string | null {
  try {
    const body: unknown = JSON.parse(reply.body);
    return typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
      ? body.message
      : null;
  } catch {
    return null;
  }
}

// A set-up call that must succeed for the road to be taken at all.
function setUp(reply: Reply, what: string): Reply {
  if (reply.statusCode >= 300) throw new Error(`${what} answered ${reply.statusCode}: ${reply.body}`);
  return reply;
}

const addressOf = (customer: Customer, channel: Channel) =>
  channel === 'text' ? (customer.phoneNumber ?? '') : customer.email;

// The customer's own message in the channel, on an open ticket of theirs, written minutes ago.
async function customerWrote(t: TestApp, customer: Customer, channel: Channel, minutes: number) {
  return createTicket(t.database.db, {
    customerId: customer.id,
    channel,
    contact: addressOf(customer, channel),
    subject: channel === 'email' ? 'About my loan' : null,
    thread: ['Can you help me with my loan?'],
    createdAt: minutesBefore(t.clock.now(), minutes),
  });
}

// The reply an agent sent a minute ago to the customer's message on the ticket (its one answer).
async function answeredBefore(t: TestApp, ticketId: number) {
  const [inbound] = await t.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.ticketId, ticketId), eq(messages.inbound, true)))
    .orderBy(desc(messages.id))
    .limit(1);
  if (!inbound) throw new Error(`ticket ${ticketId} has no message from the customer`);
  const at = minutesBefore(t.clock.now(), 1);
  await t.database.db.insert(messages).values({
    ticketId,
    customerId: inbound.customerId,
    type: inbound.type,
    inbound: false,
    body: 'We are looking into it.',
    toAddress: inbound.fromAddress,
    status: 'sent',
    processed: true,
    purpose: 'servicing',
    sendingPath: 'ticket_reply',
    answersMessageId: inbound.id,
    doorPassedAt: at,
    createdAt: at,
  });
}

async function macroOf(db: Database, purpose: 'collection' | 'servicing'): Promise<number> {
  const macro = await createMacro(db, { title: `doors_${purpose}_${nextNumber()}`, body: 'Thank you for writing.' });
  await db.update(macros).set({ purpose }).where(eq(macros.id, macro.id));
  return macro.id;
}

const ticketReply: SendingPathDriver = {
  path: 'ticket_reply',
  ways: [
    { name: 'text, the answer', channel: 'text', wroteMinutesBefore: 2 },
    { name: 'email, the answer', channel: 'email', wroteMinutesBefore: 2 },
    {
      name: 'text, the answer from a collection macro',
      channel: 'text',
      wroteMinutesBefore: 2,
      macroPurpose: 'collection',
    },
  ],
  async send(t, staff, customer, way) {
    const ticket = await customerWrote(t, customer, way.channel, way.wroteMinutesBefore ?? 0);
    const reply = await callAsStaff(t.app, staff, 'POST', 'send_reply', {
      id: ticket.id,
      reply: 'Thank you for writing: your next payment is due on December 1.',
      ...(way.macroPurpose ? { macro_id: await macroOf(t.database.db, way.macroPurpose) } : {}),
      ...(way.chosenPurpose ? { purpose: way.chosenPurpose } : {}),
    });
    return answered(reply, () =>
      messageRow(t.database.db, (JSON.parse(reply.body) as { message: { id: number } }).message.id),
    );
  },
};

const composer: SendingPathDriver = {
  path: 'composer',
  ways: [
    { name: 'text, free text', channel: 'text', wroteMinutesBefore: null },
    { name: 'email, free text', channel: 'email', wroteMinutesBefore: null },
    // The agent's label cannot make a message servicing (issue 37: a fact opens a door, never a label).
    {
      name: 'text, free text the agent marks servicing',
      channel: 'text',
      wroteMinutesBefore: null,
      chosenPurpose: 'servicing',
    },
    { name: "text, answering the customer's text", channel: 'text', wroteMinutesBefore: 2 },
    {
      name: "text, after the customer's text had its answer",
      channel: 'text',
      wroteMinutesBefore: 2,
      alreadyAnswered: true,
    },
    { name: "email, after the customer's text", channel: 'email', wroteMinutesBefore: 2, wroteIn: 'text' },
    {
      name: "text, answering the customer's text, purpose collection",
      channel: 'text',
      wroteMinutesBefore: 2,
      chosenPurpose: 'collection',
    },
  ],
  async send(t, staff, customer, way) {
    if (way.wroteMinutesBefore !== null) {
      const ticket = await customerWrote(t, customer, way.wroteIn ?? way.channel, way.wroteMinutesBefore);
      if (way.alreadyAnswered) await answeredBefore(t, ticket.id);
    }
    const reply = await callAsStaff(t.app, staff, 'POST', 'users/originate_message', {
      user_id: customer.id,
      message_type: way.channel,
      ...(way.channel === 'email' ? { subject: 'Your loan' } : {}),
      message: 'Please call us about your loan.',
      thread: 'new',
      ...(way.chosenPurpose ? { purpose: way.chosenPurpose } : {}),
    });
    return answered(reply, () =>
      messageRow(t.database.db, (JSON.parse(reply.body) as { message_id: number }).message_id),
    );
  },
};

const payoffBalance: SendingPathDriver = {
  path: 'payoff_balance',
  ways: [
    { name: 'text', channel: 'text', wroteMinutesBefore: null },
    { name: 'email (no phone on file)', channel: 'email', wroteMinutesBefore: null, customer: { phoneNumber: null } },
  ],
  async send(t, staff, customer) {
    const { loan } = await createLoan(t.database.db, { customerId: customer.id, paidInstallments: 2 });
    const reply = await callAsStaff(t.app, staff, 'POST', 'users/take_message_action', {
      message_action: 'send_payoff_balance',
      loan_id: loan.id,
    });
    return answered(reply, () => newestOfRoad(t.database.db, 'payoff_balance', { customerId: customer.id }));
  },
};

// An application waiting at identification review (underwriting's queue); answers its loan.
export async function openIdentityReview(t: TestApp, customerId: number) {
  const { loan } = await createLoan(t.database.db, { customerId, state: 'applied' });
  await t.database.db.insert(identityReviews).values({
    customerId,
    loanId: loan.id,
    driversLicense: 'WA 1234567',
    ekataFraudScore: 120,
    analytics: { aggregate_check: { pass: true, reason: 'All checks passed' }, checks: [] },
    openedAt: t.clock.now(),
  });
  return loan;
}

// Underwriting asks for new photos of the ID (identification review, decision 'request').
const documentRequest: SendingPathDriver = {
  path: 'document_request',
  ways: [
    { name: 'text', channel: 'text', wroteMinutesBefore: null },
    { name: 'email (no phone on file)', channel: 'email', wroteMinutesBefore: null, customer: { phoneNumber: null } },
  ],
  async send(t, staff, customer) {
    await openIdentityReview(t, customer.id);
    const reply = await callAsStaff(t.app, staff, 'PATCH', 'users/complete_identification', {
      id: customer.id,
      decision: 'request',
      reason: 'the photo of the back of the license is blurry',
    });
    return answered(reply, () => newestOfRoad(t.database.db, 'document_request', { customerId: customer.id }));
  },
};

function letterDriver(path: 'servicing_letter' | 'collection_letter', call: string): SendingPathDriver {
  return {
    path,
    ways: [{ name: 'email', channel: 'email', wroteMinutesBefore: null }],
    async send(t, staff, customer) {
      const { loan } = await createLoan(t.database.db, { customerId: customer.id, paidInstallments: 2 });
      const reply = await callAsStaff(t.app, staff, 'POST', call, { loan_id: loan.id, send_email: true });
      return answered(reply, () =>
        messageRow(t.database.db, (JSON.parse(reply.body) as { message_id: number }).message_id),
      );
    },
  };
}

const passwordReset: SendingPathDriver = {
  path: 'password_reset',
  ways: [{ name: 'email', channel: 'email', wroteMinutesBefore: null }],
  async send(t, staff, customer) {
    const ticket = await createTicket(t.database.db, {
      customerId: customer.id,
      channel: 'email',
      contact: customer.email,
      subject: 'Locked out',
      thread: ['I cannot sign in.'],
      createdAt: minutesBefore(t.clock.now(), 60),
    });
    const reply = await callAsStaff(t.app, staff, 'POST', 'send_password_reset', { id: ticket.id });
    return answered(reply, () => newestOfRoad(t.database.db, 'password_reset', { customerId: customer.id }));
  },
};

const approvalText: SendingPathDriver = {
  path: 'approval_text',
  ways: [{ name: 'text', channel: 'text', wroteMinutesBefore: null }],
  async send(t, staff, customer) {
    const { loan } = await createLoan(t.database.db, { customerId: customer.id, state: 'approved' });
    const reply = await callAsStaff(t.app, staff, 'POST', 'users/resend_approval_text', { loan_id: loan.id });
    return answered(reply, () => newestOfRoad(t.database.db, 'approval_text', { customerId: customer.id }));
  },
};

// The customer writes after business hours (the test's clock stands on a weekend): the webhook
// queues the acknowledgement, written at that very moment.
const autoResponse: SendingPathDriver = {
  path: 'auto_response',
  ways: [
    { name: 'text', channel: 'text', wroteMinutesBefore: 0 },
    { name: 'email', channel: 'email', wroteMinutesBefore: 0 },
  ],
  refusesSilently: true,
  async send(t, _staff, customer, way) {
    const n = nextNumber();
    const reply =
      way.channel === 'text'
        ? await postSms(
            t.app,
            twilioSmsParams({
              from: `+1${customer.phoneNumber}`,
              body: 'Are you open?',
              sid: `SM${n.toString(16).padStart(32, '0')}`,
            }),
            { authToken: DRIVER_TWILIO_TOKEN, publicUrl: DRIVER_PUBLIC_URL },
          )
        : await postEmail(
            t.app,
            rawEmail({
              from: customer.email,
              subject: 'Are you open?',
              messageId: `<doors${n}.${process.pid}@mail.example>`,
              text: 'I have a question about my loan.',
            }),
            DRIVER_EMAIL_SECRET,
          );
    setUp(reply, 'the inbound webhook');
    return answered(reply, () => newestOfRoad(t.database.db, 'auto_response', { customerId: customer.id }));
  },
};

// An application with three bank statements, denied by hand: the adverse action notice.
const denialNotice: SendingPathDriver = {
  path: 'denial_notice',
  ways: [{ name: 'email', channel: 'email', wroteMinutesBefore: null }],
  async send(t, staff, customer) {
    const { loan } = await createLoan(t.database.db, { customerId: customer.id, state: 'applied' });
    await t.database.db.insert(statements).values(
      ['2026-08-31', '2026-07-31', '2026-06-30'].map((date) => ({
        loanId: loan.id,
        storageKey: `doors/${loan.id}/${date}`,
        statementDate: date,
      })),
    );
    const reply = await callAsStaff(t.app, staff, 'POST', 'loans/manual_denial_email', { loan_id: loan.id });
    return answered(reply, () => newestOfRoad(t.database.db, 'denial_notice', { customerId: customer.id }));
  },
};

// Two withdrawals in a row returned (R01 then R09, on two loans): debits stop and the
// consumer-rights notice of 12 CFR 1041.9(c) is queued (decision 048).
const consumerRightsNotice: SendingPathDriver = {
  path: 'consumer_rights_notice',
  ways: [{ name: 'email', channel: 'email', wroteMinutesBefore: null }],
  async send(t, staff, customer) {
    const first = (await createLoan(t.database.db, { customerId: customer.id, paidInstallments: 1 })).payments[1]!;
    const second = (await createLoan(t.database.db, { customerId: customer.id, paidInstallments: 1 })).payments[1]!;
    for (const payment of [first, second])
      await t.database.db
        .update(payments)
        .set({ processingAt: new Date('2026-11-01T06:00:00Z'), presentedAt: new Date('2026-11-01T06:00:00Z') })
        .where(eq(payments.id, payment.id));
    setUp(
      await callAsStaff(t.app, staff, 'POST', 'payments/record_return', {
        payment_id: first.id,
        return_code: 'R01',
        returned_on: '2026-11-03',
      }),
      'the first return',
    );
    const reply = await callAsStaff(t.app, staff, 'POST', 'payments/record_return', {
      payment_id: second.id,
      return_code: 'R09',
      returned_on: '2026-11-04',
    });
    return answered(reply, () => newestOfRoad(t.database.db, 'consumer_rights_notice', { customerId: customer.id }));
  },
};

// An invitation to a new employee, sent to the customer's own address: mail to an employee is not
// about a customer, whatever the address.
const staffMail: SendingPathDriver = {
  path: 'staff_mail',
  ways: [{ name: 'email', channel: 'email', wroteMinutesBefore: null }],
  async send(t, staff, customer) {
    const reply = await callAsStaff(t.app, staff, 'POST', 'staff/invite', {
      email: customer.email,
      name: `${customer.firstName} Newhire`,
      roles: ['agent'],
    });
    return answered(reply, () => newestOfRoad(t.database.db, 'staff_mail', { address: customer.email }));
  },
};

export const SENDING_PATH_DRIVERS: readonly SendingPathDriver[] = [
  ticketReply,
  composer,
  payoffBalance,
  documentRequest,
  letterDriver('servicing_letter', 'users/send_account_status'),
  letterDriver('collection_letter', 'users/send_debt_validation'),
  passwordReset,
  approvalText,
  autoResponse,
  denialNotice,
  consumerRightsNotice,
  staffMail,
];

// The roads of a registry no driver takes (the table of contact-doors.test.ts fails on any).
export function roadsWithoutDriver(paths: readonly string[], drivers = SENDING_PATH_DRIVERS): string[] {
  return paths.filter((path) => !drivers.some((driver) => driver.path === path));
}

export function driverOf(path: string, drivers = SENDING_PATH_DRIVERS): SendingPathDriver | undefined {
  return drivers.find((driver) => driver.path === path);
}
