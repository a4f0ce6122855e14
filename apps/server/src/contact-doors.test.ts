import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { doNotContactRefusal, SENDING_PATHS, sendingPaths, type SendingPathInfo } from '@portal/contracts';
import { loans, messages } from '@portal/db';
import { createCustomer, createLoan } from '@portal/db/testing';
import { loadConfig } from './config.ts';
import { createMessageDoor } from './modules/contact-rules/index.ts';
import type { MessageRecord } from './platform/outbound.ts';
import { createOutbox } from './platform/outbox.ts';
import { auditEventsOf } from './testing/audit-events.ts';
import { createRecordingMailer, createRecordingSms } from './testing/recording-senders.ts';
import {
  driverOf,
  DRIVER_APP_OPTIONS,
  DRIVER_ROLES,
  openIdentityReview,
  roadsWithoutDriver,
  SENDING_PATH_DRIVERS,
  type Customer,
  type SendingPathDriver,
  type SendingWay,
} from './testing/sending-path-drivers.ts';
import { callAsStaff } from './testing/staff-helpers.ts';
import type { StaffSession } from './testing/staff-session.ts';
import type { TestApp } from './testing/test-app.ts';
import { useDirectoryStorage, useStaffSession, useTestApp } from './testing/use-test-app.ts';

// The message door's one table-driven test (convention 9, issue 37): every road of the registry
// (SENDING_PATHS) crossed with every duty (Do Not Contact, cease, attorney, the bankruptcy stay,
// the quiet hours, and the weekly cap of collection texts for the roads that can send one), with
// the duty in place before the send (the gate decides at queueing) and set between queueing and
// delivery (the door decides when the outbox hands the message to the provider). Each case drives
// the road through the API as staff (or the webhook, or the failed-debit flow) would, and checks
// what the customer sees: what the provider got, the message row, or nothing written. What each
// case should come to is worked out from the road's basis in the registry, so a new road is judged
// by the rules as soon as it has a driver (testing/sending-path-drivers.ts).
//
// The customers live in Seattle (Washington is all Pacific time, UTC-8 in November: a state of two
// zones would keep to both). The test's days are Saturday 2026-11-21 and Sunday 2026-11-22, outside
// business hours, so a customer's message gets the after-hours acknowledgement.

const SEATTLE = { city: 'Seattle', state: 'WA', zip: '98101' };
const NOON = new Date('2026-11-21T20:00:00Z');
const BEFORE_NINE = new Date('2026-11-22T04:58:00Z'); // 8:58 pm
const AFTER_NINE = new Date('2026-11-22T05:05:00Z'); // 9:05 pm
const LATE = new Date('2026-11-22T05:42:00Z'); // 9:42 pm
const OPENING = new Date('2026-11-22T16:00:00Z'); // Sunday 8:00 am

const settings = loadConfig({});
const LIVE_MINUTES = settings.contactRules.liveConversationMinutes;
const CAP = settings.contactRules.collectionTextsPer7Days;
const CASE_CODE = '2610001';
const ATTORNEY = 'J. Ruiz, 503-555-0100';

type Duty = 'dnc' | 'cease' | 'attorney' | 'stay' | 'hours' | 'cap';
type Phase = 'queueing' | 'delivery';
type Outcome = 'sent' | 'held' | 'refused';
type Purpose = 'collection' | 'servicing' | null;

// ---- the rules, from the road's registry entry ------------------------------------------------

// Whether the message answers the customer's own message in its channel: the one answer it may
// have (taken by the first), or the acknowledgement, which takes none.
function answersCustomer(road: SendingPathInfo, way: SendingWay): boolean {
  if (road.answers === 'never' || way.wroteMinutesBefore === null) return false;
  if (way.wroteIn !== undefined && way.wroteIn !== way.channel) return false;
  return road.answers === 'acknowledges' || !way.alreadyAnswered;
}

// What the message is about: the road's own purpose; where staff choose, the macro's or the
// agent's collection; free text is servicing only as the one answer to the customer's message.
function purposeOf(road: SendingPathInfo, way: SendingWay): Purpose {
  if (road.purpose !== 'chosen') return road.purpose === null ? null : road.purpose;
  if (way.chosenPurpose === 'collection' || way.macroPurpose === 'collection') return 'collection';
  if (way.macroPurpose === 'servicing') return 'servicing';
  return road.answers === 'one' && answersCustomer(road, way) ? 'servicing' : 'collection';
}

// Minutes from the customer's message to the decision, when the message answers one: the answer
// (and the acknowledgement, decision 046 rule 7) is exempt from the hours only while the customer's
// message is live, so a retry after 9 pm that comes later than that waits for the morning.
function minutesSinceCustomerWrote(road: SendingPathInfo, way: SendingWay, phase: Phase): number | null {
  if (!answersCustomer(road, way) || way.wroteMinutesBefore === null) return null;
  const late = phase === 'delivery' ? (AFTER_NINE.getTime() - BEFORE_NINE.getTime()) / 60_000 : 0;
  return way.wroteMinutesBefore + late;
}

function expectedOutcome(road: SendingPathInfo, way: SendingWay, duty: Duty, phase: Phase): Outcome {
  // Mail to an employee: no customer's duty applies.
  if (road.basis === 'employee') return 'sent';
  const purpose = purposeOf(road, way);
  switch (duty) {
    case 'dnc':
    case 'cease':
    case 'attorney':
      return road.basis === 'legally_required' ? 'sent' : 'refused';
    case 'stay':
      if (road.basis === 'legally_required' || road.basis === 'requested') return 'sent';
      return road.answers === 'one' && answersCustomer(road, way) && purpose !== 'collection' ? 'sent' : 'refused';
    case 'cap':
      return purpose === 'collection' && way.channel === 'text' ? 'refused' : 'sent';
    case 'hours': {
      const minutes = minutesSinceCustomerWrote(road, way, phase);
      return minutes !== null && minutes <= LIVE_MINUTES ? 'sent' : 'held';
    }
  }
}

// The roads that can send a collection text also meet the cap.
const canSendCollectionText = (road: SendingPathInfo, way: SendingWay) =>
  way.channel === 'text' && (road.purpose === 'collection' || road.purpose === 'chosen');

const DUTIES: readonly Duty[] = ['dnc', 'cease', 'attorney', 'stay', 'hours'];

type Case = { title: string; driver: SendingPathDriver; way: SendingWay; duty: Duty; expected: Outcome };

function tableFor(phase: Phase, paths: readonly string[] = sendingPaths): Case[] {
  return paths.flatMap((path) => {
    const driver = driverOf(path);
    if (!driver) return [];
    const road = SENDING_PATHS[driver.path];
    return driver.ways.flatMap((way) =>
      [...DUTIES, ...(canSendCollectionText(road, way) ? (['cap'] as const) : [])].map((duty) => {
        const expected = expectedOutcome(road, way, duty, phase);
        return { title: `${path} (${way.name}), ${duty}: ${expected}`, driver, way, duty, expected };
      }),
    );
  });
}

// ---- the duties, set as staff set them ---------------------------------------------------------

const FLAG_REASONS = {
  dnc: 'User requested',
  cease: 'Written request from the customer',
  attorney: 'Attorney letter received',
} as const;

// The sentence the gate and the door give for a duty.
function refusalSentence(duty: Duty, customerId: number): string {
  switch (duty) {
    case 'dnc':
      return doNotContactRefusal(customerId, FLAG_REASONS.dnc);
    case 'cease':
      return `Customer ${customerId} asked us to stop contacting them (cease communication): no text or email can be sent to them.`;
    case 'attorney':
      return `An attorney represents customer ${customerId} (${ATTORNEY}): contact the attorney, not the customer.`;
    case 'stay':
      return `Customer ${customerId} is in an open chapter 7 bankruptcy (case ${CASE_CODE}) and the automatic stay is in force: only notices the law requires, receipts of what the customer asked for, and one answer to the customer's own message in the same channel can be sent.`;
    case 'cap':
      return `Customer ${customerId} was sent ${CAP} collection texts in the last 7 days, the most allowed (${CAP}): wait, or answer the customer when they write.`;
    case 'hours':
      throw new Error('the hours hold, they do not refuse');
  }
}

const RULES = {
  dnc: 'dnc',
  cease: 'cease',
  attorney: 'attorney',
  stay: 'bankruptcy_stay',
  cap: 'collection_cap',
} as const;

function useDoorApp() {
  const sms = createRecordingSms();
  const mailer = createRecordingMailer();
  const storage = useDirectoryStorage('doors');
  const t = useTestApp({ sms, mailer, storage, ...DRIVER_APP_OPTIONS });
  const staff = useStaffSession(t, DRIVER_ROLES);
  return { t, staff, sms, mailer, storage };
}

type Door = ReturnType<typeof useDoorApp>;

async function flagCustomer(door: Door, customer: Customer, flag: 'dnc' | 'cease' | 'attorney') {
  const reply = await callAsStaff(door.t.app, door.staff, 'PATCH', 'users/contact_flag', {
    user_id: customer.id,
    flag,
    on: true,
    reason: FLAG_REASONS[flag],
    ...(flag === 'attorney' ? { context: ATTORNEY } : {}),
  });
  expect(reply.statusCode, reply.body).toBe(200);
}

// The credit reporting desk records the filing on one of the customer's loans (a new one).
async function fileBankruptcy(door: Door, customer: Customer) {
  const { loan } = await createLoan(door.t.database.db, { customerId: customer.id, paidInstallments: 2 });
  const reply = await callAsStaff(door.t.app, door.staff, 'POST', 'fcra_dashboard/fcra_file_bankruptcy', {
    id: loan.id,
    case_code: CASE_CODE,
    b_type: 7,
    date_filed: '2026-11-10',
  });
  expect(reply.statusCode, reply.body).toBe(200);
}

// The week's collection texts, sent through the composer and delivered.
async function sendCollectionTexts(door: Door, customer: Customer, count: number) {
  for (let index = 0; index < count; index += 1) {
    const reply = await callAsStaff(door.t.app, door.staff, 'POST', 'users/originate_message', {
      user_id: customer.id,
      message_type: 'text',
      message: `Your payment is past due (${index + 1}).`,
      thread: 'new',
      purpose: 'collection',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect((await door.t.app.outbox.deliver(reply.json().message_id)).status).toBe('sent');
  }
}

// Collection texts that went out while the message waited (queued before the gate counted them,
// as an older version queued them): sent, through the door now.
async function insertSentCollectionTexts(door: Door, customer: Customer, count: number) {
  const now = door.t.clock.now();
  await door.t.database.db.insert(messages).values(
    Array.from({ length: count }, (_, index) => ({
      customerId: customer.id,
      type: 'text' as const,
      inbound: false,
      body: `Your payment is past due (${index + 1}).`,
      toAddress: customer.phoneNumber,
      status: 'sent' as const,
      purpose: 'collection' as const,
      processed: true,
      doorPassedAt: now,
      createdAt: now,
    })),
  );
}

async function impose(door: Door, duty: Exclude<Duty, 'hours'>, customer: Customer, phase: Phase) {
  if (duty === 'stay') return fileBankruptcy(door, customer);
  if (duty === 'cap')
    return phase === 'queueing'
      ? sendCollectionTexts(door, customer, CAP)
      : insertSentCollectionTexts(door, customer, CAP);
  return flagCustomer(door, customer, duty);
}

// ---- what the customer sees --------------------------------------------------------------------

// How many times the provider took this message (by its address and words).
function deliveriesOf(door: Door, row: MessageRecord): number {
  return row.type === 'text'
    ? door.sms.sent.filter((text) => text.to === row.toAddress && text.body === row.body).length
    : door.mailer.sent.filter((email) => email.to === row.toAddress && email.text === row.body).length;
}

// Everything the providers took for the customer.
const reachedCustomer = (door: Door, customer: Customer) =>
  door.sms.sent.filter((text) => text.to === customer.phoneNumber).length +
  door.mailer.sent.filter((email) => email.to === customer.email).length;

// The customer's outbound messages (of one road, when given: a driver may set up earlier ones).
const outboundOf = (door: Door, customer: Customer, path?: string) =>
  door.t.database.db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.customerId, customer.id),
        eq(messages.inbound, false),
        path === undefined ? undefined : eq(messages.sendingPath, path),
      ),
    );

async function rowOf(t: TestApp, id: number): Promise<MessageRecord> {
  const [row] = await t.database.db.select().from(messages).where(eq(messages.id, id));
  return row!;
}

// The road's own facts on the row: the door judges the message by these.
function expectRoadFacts(row: MessageRecord, c: Case) {
  const road = SENDING_PATHS[c.driver.path];
  expect(row).toMatchObject({
    sendingPath: c.driver.path,
    type: c.way.channel,
    purpose: purposeOf(road, c.way),
    legallyRequired: road.basis === 'legally_required',
  });
}

// A held message waits for the window's opening, and goes then.
async function expectHeldThenSent(door: Door, row: MessageRecord) {
  expect(row).toMatchObject({ status: 'queued', heldUntil: OPENING, nextAttemptAt: OPENING });
  expect((await door.t.app.outbox.deliver(row.id)).status).toBe('queued');
  expect(deliveriesOf(door, row)).toBe(0);
  door.t.clock.set(OPENING);
  expect((await door.t.app.outbox.deliver(row.id)).status).toBe('sent');
  expect(deliveriesOf(door, row)).toBe(1);
}

async function expectSent(door: Door, row: MessageRecord) {
  const delivered = await door.t.app.outbox.deliver(row.id);
  expect(delivered).toMatchObject({ status: 'sent', error: null });
  expect(deliveriesOf(door, row)).toBe(1);
}

function setProvidersDown(door: Door, down: boolean) {
  for (const provider of [door.sms, door.mailer]) {
    provider.failWith = down ? 'The provider is unavailable (503).' : null;
    provider.failPermanently = !down;
  }
}

// ---- the table ---------------------------------------------------------------------------------

// Issue 39: an answer about a held message says it is held, and until when (8:00 am, when the
// customer's window opens), and never that it was sent. A road whose answer names no message (a
// webhook's) has nothing to say.
function expectHeldAnswer(answer: string | null) {
  if (answer === null) return;
  expect(answer).toMatch(/\bheld\b/);
  expect(answer).toContain('8:00 am');
  expect(answer.replaceAll('not sent yet', '')).not.toMatch(/\bsent\b/i);
}

describe('the registry of sending paths', () => {
  it('has a driver for every road, so every road is in the table', () => {
    expect(roadsWithoutDriver(sendingPaths)).toEqual([]);
    expect(SENDING_PATH_DRIVERS.map((driver) => driver.path).sort()).toEqual([...sendingPaths].sort());
  });

  it('names a road added to the registry without a driver, and leaves it out of the table', () => {
    const registry = [...sendingPaths, 'carrier_pigeon'];
    expect(roadsWithoutDriver(registry)).toEqual(['carrier_pigeon']);
    expect(tableFor('queueing', registry)).toHaveLength(tableFor('queueing').length);
  });

  it('judges each road by its basis', () => {
    // The rules' own corner cases, as the table reads them from the registry.
    const reply = SENDING_PATHS.ticket_reply;
    const answer = { name: 'answer', channel: 'text', wroteMinutesBefore: 2 } as const;
    expect(expectedOutcome(reply, answer, 'stay', 'queueing')).toBe('sent');
    expect(expectedOutcome(reply, { ...answer, macroPurpose: 'collection' }, 'stay', 'queueing')).toBe('refused');
    expect(expectedOutcome(reply, answer, 'hours', 'queueing')).toBe('sent');
    expect(expectedOutcome(reply, answer, 'hours', 'delivery')).toBe('held');
    expect(expectedOutcome(SENDING_PATHS.denial_notice, answer, 'dnc', 'queueing')).toBe('sent');
    expect(expectedOutcome(SENDING_PATHS.denial_notice, answer, 'hours', 'queueing')).toBe('held');
    expect(expectedOutcome(SENDING_PATHS.staff_mail, answer, 'hours', 'delivery')).toBe('sent');
  });
});

describe('the duty in place before the send: the gate decides at queueing', () => {
  const door = useDoorApp();

  it.each(tableFor('queueing').map((c) => [c.title, c] as const))('%s', async (_, c) => {
    const { t } = door;
    const customer = await createCustomer(t.database.db, { ...SEATTLE, ...c.way.customer });
    t.clock.set(c.duty === 'hours' ? LATE : NOON);
    if (c.duty !== 'hours') await impose(door, c.duty, customer, 'queueing');
    const queuedBefore = (await outboundOf(door, customer, c.driver.path)).length;
    const reachedBefore = reachedCustomer(door, customer);

    const sent = await c.driver.send(t, door.staff, customer, c.way);

    if (c.expected === 'refused') {
      if (c.driver.refusesSilently) expect(sent.statusCode).toBe(200);
      else {
        expect(sent.statusCode).toBe(409);
        // The letters refuse Do Not Contact in the spec's words before they ask the gate.
        if (c.duty === 'dnc')
          expect(sent.errors[0]).toMatch(new RegExp(`^Customer ${customer.id} is marked Do Not Contact`));
        else expect(sent.errors).toEqual([refusalSentence(c.duty, customer.id)]);
      }
      expect(sent.message).toBeNull();
      expect((await outboundOf(door, customer, c.driver.path)).length).toBe(queuedBefore);
      await t.app.outbox.deliverDue();
      expect(reachedCustomer(door, customer)).toBe(reachedBefore);
      return;
    }
    expect(sent.statusCode, JSON.stringify(sent.errors)).toBe(200);
    const row = sent.message!;
    expect(row).not.toBeNull();
    expectRoadFacts(row, c);
    if (c.expected === 'held') {
      expectHeldAnswer(sent.answer);
      return expectHeldThenSent(door, row);
    }
    expect(row).toMatchObject({ status: 'queued', heldUntil: null });
    await expectSent(door, row);
  });

  // Found by this table: the identification review's cancellation told the customer by the
  // document_request road and skipped the notice only for Do Not Contact; under a cease request the
  // gate refused the notice, and with it the whole decision (409). The cancellation stands either way.
  it('cancels the application at identification review, telling a customer under a cease request nothing', async () => {
    const { t } = door;
    t.clock.set(NOON);
    const customer = await createCustomer(t.database.db, SEATTLE);
    const loan = await openIdentityReview(t, customer.id);
    await flagCustomer(door, customer, 'cease');
    const reply = await callAsStaff(t.app, door.staff, 'PATCH', 'users/complete_identification', {
      id: customer.id,
      decision: 'cancel',
      reason: 'the documents do not match the application',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect((await t.database.db.select().from(loans).where(eq(loans.id, loan.id)))[0]?.closedAt).toEqual(NOON);
    expect(await outboundOf(door, customer)).toEqual([]);
  });
});

describe('the duty set between queueing and delivery: the door decides', () => {
  const door = useDoorApp();

  it.each(tableFor('delivery').map((c) => [c.title, c] as const))('%s', async (_, c) => {
    const { t } = door;
    const customer = await createCustomer(t.database.db, { ...SEATTLE, ...c.way.customer });
    t.clock.set(c.duty === 'hours' ? BEFORE_NINE : NOON);
    const sent = await c.driver.send(t, door.staff, customer, c.way);
    expect(sent.statusCode, JSON.stringify(sent.errors)).toBe(200);
    const queued = sent.message!;
    expect(queued).toMatchObject({ status: 'queued', heldUntil: null });
    expectRoadFacts(queued, c);

    if (c.duty === 'hours') {
      // The provider fails the first attempt, inside the window; the retry comes after 9 pm.
      setProvidersDown(door, true);
      try {
        expect(await t.app.outbox.deliver(queued.id)).toMatchObject({ status: 'queued', attempts: 1 });
      } finally {
        setProvidersDown(door, false);
      }
      t.clock.set(AFTER_NINE);
    } else {
      await impose(door, c.duty, customer, 'delivery');
    }
    const delivered = await t.app.outbox.deliver(queued.id);

    if (c.expected === 'sent') {
      expect(delivered).toMatchObject({ status: 'sent', error: null });
      expect(deliveriesOf(door, queued)).toBe(1);
      return;
    }
    expect(deliveriesOf(door, queued)).toBe(0);
    if (c.expected === 'refused') {
      const sentence = refusalSentence(c.duty, customer.id);
      expect(delivered).toMatchObject({ status: 'undelivered', error: `Not sent: ${sentence}`, nextAttemptAt: null });
      const [audit] = await auditEventsOf(t.database.db, 'message.refused_at_door', queued.id);
      expect(audit?.after).toEqual({ status: 'undelivered', rule: RULES[c.duty as keyof typeof RULES], sentence });
      return;
    }
    // Held: the attempt is not counted, and the message goes when the window opens.
    expect(delivered).toMatchObject({ attempts: 1 });
    expect((await auditEventsOf(t.database.db, 'message.held_at_door', queued.id)).length).toBe(1);
    await expectHeldThenSent(door, delivered);
  });

  it('lets the live answer through after 9 pm: the customer wrote a few minutes before the retry', async () => {
    const { t } = door;
    const customer = await createCustomer(t.database.db, SEATTLE);
    t.clock.set(new Date('2026-11-22T04:59:00Z')); // 8:59 pm
    const reply = driverOf('ticket_reply')!;
    const way = reply.ways[0]!;
    const sent = await reply.send(t, door.staff, customer, { ...way, wroteMinutesBefore: 1 });
    setProvidersDown(door, true);
    try {
      await t.app.outbox.deliver(sent.message!.id);
    } finally {
      setProvidersDown(door, false);
    }
    t.clock.set(new Date('2026-11-22T05:02:00Z')); // 9:02 pm, 4 minutes after the customer wrote
    expect(await t.app.outbox.deliver(sent.message!.id)).toMatchObject({ status: 'sent', heldUntil: null });
    expect(deliveriesOf(door, sent.message!)).toBe(1);
  });
});

// ---- the cap under parallel sends ------------------------------------------------------------------

describe('the weekly cap of collection texts, sent and delivered in parallel', () => {
  const door = useDoorApp();
  const compose = (staff: StaffSession, customerId: number, index: number) =>
    callAsStaff(door.t.app, staff, 'POST', 'users/originate_message', {
      user_id: customerId,
      message_type: 'text',
      message: `Your payment is past due (${index}).`,
      thread: 'new',
      // Every other one free text: with nothing to answer, its purpose is collection too.
      ...(index % 2 === 0 ? { purpose: 'collection' } : {}),
    });

  it(`queues exactly ${CAP} of ten composer texts sent at once, and refuses the others with the cap's sentence`, async () => {
    const { t } = door;
    t.clock.set(NOON);
    const customer = await createCustomer(t.database.db, SEATTLE);
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, index) => compose(door.staff, customer.id, index)),
    );
    const accepted = replies.filter((reply) => reply.statusCode === 200);
    const refused = replies.filter((reply) => reply.statusCode !== 200);
    expect(accepted).toHaveLength(CAP);
    expect(refused.map((reply) => [reply.statusCode, reply.json().errors])).toEqual(
      Array.from({ length: 10 - CAP }, () => [409, [refusalSentence('cap', customer.id)]]),
    );
    const queued = await outboundOf(door, customer);
    expect(queued.map((row) => row.id).sort()).toEqual(accepted.map((reply) => reply.json().message_id).sort());
    await t.app.outbox.deliverDue();
    expect(door.sms.sent.filter((text) => text.to === customer.phoneNumber)).toHaveLength(CAP);
  });

  it(`lets only ${CAP} of six texts queued over the cap through the door, delivered by two outboxes at once`, async () => {
    const { t } = door;
    t.clock.set(NOON);
    const customer = await createCustomer(t.database.db, SEATTLE);
    // Queued as a version before the door would have: collection texts, no road recorded.
    const rows = await t.database.db
      .insert(messages)
      .values(
        Array.from({ length: 6 }, (_, index) => ({
          customerId: customer.id,
          type: 'text' as const,
          inbound: false,
          body: `Your payment is past due (${index + 1}).`,
          toAddress: customer.phoneNumber,
          status: 'queued' as const,
          purpose: 'collection' as const,
          processed: true,
          nextAttemptAt: NOON,
          createdAt: new Date(NOON.getTime() - 60 * 60_000),
        })),
      )
      .returning();
    const second = createOutbox({
      db: t.database.db,
      clock: t.clock,
      mailer: door.mailer,
      sms: door.sms,
      storage: door.storage,
      log: { info: () => {}, warn: () => {}, error: () => {} },
      settings: { ...settings.outbox, pollMs: 0 },
      door: createMessageDoor(t.database.db, { clock: t.clock, contactRules: settings.contactRules }),
    });
    await Promise.all([
      t.app.outbox.deliverDue(),
      second.deliverDue(),
      ...rows.map((row) => t.app.outbox.deliver(row.id)),
      ...rows.map((row) => second.deliver(row.id)),
    ]);
    const after = await Promise.all(rows.map((row) => rowOf(t, row.id)));
    expect(after.filter((row) => row.status === 'sent')).toHaveLength(CAP);
    const stopped = after.filter((row) => row.status !== 'sent');
    expect(stopped.map((row) => [row.status, row.error])).toEqual(
      Array.from({ length: 6 - CAP }, () => ['undelivered', `Not sent: ${refusalSentence('cap', customer.id)}`]),
    );
    expect(door.sms.sent.filter((text) => text.to === customer.phoneNumber)).toHaveLength(CAP);
  });
});
