import { eq, inArray, isNull } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { acdvResponseDueOn, directDisputeDueOn, type DeadlineItem, type DeadlinesResponse } from '@portal/contracts';
import { acdvRequests, bankruptcyNotices, disputes, type Database } from '@portal/db';
import { auditEventsOf } from '../../testing/audit-events.ts';
import {
  assign,
  callDisputes,
  disputeRow,
  insertDispute,
  insertHeldDispute,
  resolveEveryDispute,
  unassign,
} from '../../testing/dispute-test-helpers.ts';
import { multipartBody } from '../../testing/multipart.ts';
import { noticeDueOn } from '../../testing/notice-test-kit.ts';
import type { StaffSession } from '../../testing/staff-session.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';

// The legal deadlines (decision 047) through the API: the list's order and counts, the consumer's
// information moving an ACDV to 45 days, the frivolous notice's deadline coming and going, and
// get-next handing out the most urgent item of a queue whose due date moved. The clock stands on
// Wednesday 25 November 2026, 10:00 in Los Angeles, the day before Thanksgiving.

const WEDNESDAY = new Date('2026-11-25T18:00:00Z');

const t = useTestApp();
// Before anyone signs in: a session lasts 2 days.
beforeAll(() => {
  t.clock.set(WEDNESDAY);
});
const desk = useStaffSession(t, ['agent', 'credit_reporting']);
const colleague = useStaffSession(t, ['agent', 'credit_reporting']);
const agent = useStaffSession(t, ['agent']);

beforeEach(() => {
  t.clock.set(WEDNESDAY);
});

let acdvCounter = 0;
async function insertAcdv(receivedOn: string, values: Partial<typeof acdvRequests.$inferInsert> = {}) {
  acdvCounter += 1;
  const [row] = await t.database.db
    .insert(acdvRequests)
    .values({
      controlNumber: `CN-DL-${acdvCounter}`,
      disputeCode: '001',
      receivedOn,
      responseDueOn: acdvResponseDueOn(receivedOn, null),
      consumer: { firstName: 'Ada', lastName: 'Lovelace' },
      account: { accountNumber: '1' },
      ...values,
    })
    .returning();
  return row!;
}

let noticeCounter = 0;
async function insertNotice(createdAt: string, values: Partial<typeof bankruptcyNotices.$inferInsert> = {}) {
  noticeCounter += 1;
  const [row] = await t.database.db
    .insert(bankruptcyNotices)
    .values({
      fileName: 'notice.pdf',
      storageKey: `bankruptcy-notices/deadline-${noticeCounter}.pdf`,
      type: 'BankruptcyNotice::InitialFiling',
      parsedData: { debtor_name: 'Dana Q Public' },
      hasText: true,
      createdAt: new Date(createdAt),
      dueOn: noticeDueOn(new Date(createdAt)),
      ...values,
    })
    .returning();
  return row!;
}

// Nothing left open in any queue, so a test sees only its own items.
async function closeEverything(db: Database) {
  const long = new Date('2026-01-01T00:00:00Z');
  await resolveEveryDispute(db);
  await db.update(disputes).set({ frivolousNoticeSentAt: long }).where(isNull(disputes.frivolousNoticeSentAt));
  await db
    .update(acdvRequests)
    .set({ respondedAt: long, assignedTo: null, leaseExpiresAt: null })
    .where(isNull(acdvRequests.respondedAt));
  await db.update(bankruptcyNotices).set({ processedAt: long }).where(isNull(bankruptcyNotices.processedAt));
}

const deadlines = (who: StaffSession | null, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/internal/api/deadlines', headers: who?.headers ?? {}, query });

// As the credit reporting desk, whose own queues are all of them.
async function listed(query: Record<string, string> = {}, who: StaffSession = desk): Promise<DeadlinesResponse> {
  const response = await deadlines(who, query);
  expect(response.statusCode).toBe(200);
  return response.json();
}

const key = (item: DeadlineItem) => `${item.queue} ${item.id}`;

const consumerInfo = (who: StaffSession, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: '/internal/api/fcra/acdv_consumer_info', headers: who.headers, payload });

describe('GET deadlines', () => {
  beforeEach(() => closeEverything(t.database.db));

  it('lists every open item by due date, the overdue first, with days left and counts per queue', async () => {
    const db = t.database.db;
    // 30 days from 20 October end Thursday 19 November: overdue by 6 calendar days (4 business days).
    const lateAcdv = await insertAcdv('2026-10-20');
    // 30 days from 26 October end today.
    const todayAcdv = await insertAcdv('2026-10-26');
    await insertAcdv('2026-10-27', { respondedAt: WEDNESDAY });
    const dispute = await insertDispute(db, { dueDate: '2026-11-30', firstName: 'Jo', lastName: 'Doe' });
    await insertDispute(db, { dueDate: '2026-11-01', resolvedAt: WEDNESDAY });
    // Found frivolous Friday 20 November: the notice is due 5 business days later, Monday 30.
    const frivolous = await insertDispute(db, {
      dueDate: '2026-11-30',
      frivolousAt: new Date('2026-11-20T18:00:00Z'),
      frivolousReason: 'Same letter as #1',
    });
    // Its notice gone out but not resolved: a dispute again, due on its 30 days.
    const noticeGone = await insertDispute(db, {
      dueDate: '2026-11-30',
      frivolousAt: new Date('2026-11-20T18:00:00Z'),
      frivolousNoticeSentAt: new Date('2026-11-23T18:00:00Z'),
    });
    // Came Monday: due today. Came Thursday 19: due Monday 23, overdue.
    const todayNotice = await insertNotice('2026-11-23T18:00:00Z');
    const lateNotice = await insertNotice('2026-11-19T18:00:00Z', { parsedData: {} });
    await insertNotice('2026-11-19T18:00:00Z', { processedAt: WEDNESDAY });

    const body = await listed();
    expect(body.today).toBe('2026-11-25');
    expect(body.items.map(key)).toEqual([
      `acdv ${lateAcdv.id}`,
      `bankruptcy_notice ${lateNotice.id}`,
      `acdv ${todayAcdv.id}`,
      `bankruptcy_notice ${todayNotice.id}`,
      `dispute ${dispute.id}`,
      `dispute ${noticeGone.id}`,
      `dispute_frivolous_notice ${frivolous.id}`,
    ]);
    const [late, notice, , , open, , notify] = body.items;
    expect(late).toEqual({
      queue: 'acdv',
      id: lateAcdv.id,
      due_on: '2026-11-19',
      days_left: -6,
      days_kind: 'calendar',
      overdue: true,
      title: `ACDV ${lateAcdv.controlNumber}`,
      summary: 'Ada Lovelace · dispute code 001',
      link: '/fcra',
    });
    expect(notice).toMatchObject({
      due_on: '2026-11-23',
      days_left: -2,
      days_kind: 'business',
      overdue: true,
      summary: 'Debtor not read yet · Initial filing · received 2026-11-19',
      link: `/bankruptcy/notice/${lateNotice.id}`,
    });
    // A dispute's 30 days are calendar days: 5 left. The frivolous notice's are business days:
    // Friday 27 and Monday 30, Thanksgiving is none.
    expect(open).toMatchObject({
      due_on: '2026-11-30',
      days_left: 5,
      days_kind: 'calendar',
      overdue: false,
      link: `/disputes/${dispute.id}`,
    });
    expect(open!.summary).toContain('Jo Doe');
    expect(notify).toMatchObject({
      due_on: '2026-11-30',
      days_left: 2,
      days_kind: 'business',
      link: `/disputes/${frivolous.id}`,
    });
    expect(notify!.summary).toContain('Same letter as #1');
    expect(body.counts).toEqual([
      { queue: 'acdv', label: 'ACDV responses', open: 2, due_today: 1, overdue: 1 },
      { queue: 'dispute', label: 'Direct disputes', open: 2, due_today: 0, overdue: 0 },
      { queue: 'dispute_frivolous_notice', label: 'Frivolous dispute notices', open: 1, due_today: 0, overdue: 0 },
      { queue: 'bankruptcy_notice', label: 'Bankruptcy notices', open: 2, due_today: 1, overdue: 1 },
      { queue: 'notice_to_mail', label: 'Notices to mail', open: 0, due_today: 0, overdue: 0 },
    ]);

    expect(body.next_after).toBeNull();

    // What the screen asks for: only what is overdue or due today, the counts still of everything.
    const now = await listed({ scope: 'due_now' });
    expect(now.items.map(key)).toEqual(body.items.slice(0, 4).map(key));
    expect(now.counts).toEqual(body.counts);

    // A page at a time, each after the last item of the one before, the same list in the end.
    const pages: DeadlinesResponse[] = [await listed({ limit: '3' })];
    while (pages.at(-1)!.next_after !== null)
      pages.push(await listed({ limit: '3', after: pages.at(-1)!.next_after! }));
    expect(pages.map((page) => page.items.length)).toEqual([3, 3, 1]);
    expect(pages.flatMap((page) => page.items).map(key)).toEqual(body.items.map(key));
    expect(pages[1]!.counts).toEqual(body.counts);

    // Fewer queues when asked: their items and counts only.
    const some = await listed({ queues: 'bankruptcy_notice,acdv' });
    expect(some.queues).toEqual(['acdv', 'bankruptcy_notice']);
    expect(some.items.map(key)).toEqual(body.items.slice(0, 4).map(key));
    expect(some.counts.map((count) => count.queue)).toEqual(['acdv', 'bankruptcy_notice']);
  });

  it('counts what it lists, through every change the database counts by trigger (deadline_counts)', async () => {
    const db = t.database.db;
    // Counted from the list itself: every item of a queue, those overdue and those due today.
    const recount = (body: DeadlinesResponse) =>
      body.counts.map((count) => {
        const items = body.items.filter((item) => item.queue === count.queue);
        return {
          queue: count.queue,
          label: count.label,
          open: items.length,
          due_today: items.filter((item) => item.due_on === body.today).length,
          overdue: items.filter((item) => item.overdue).length,
        };
      });
    const expectCountsOfList = async () => {
      const body = await listed({ limit: '500' });
      expect(body.counts).toEqual(recount(body));
      return body;
    };

    // Inserted in one statement (an import), one by one, already closed.
    await db.insert(acdvRequests).values(
      ['2026-11-19', '2026-11-25', '2026-11-25', '2026-12-10'].map((due, index) => ({
        controlNumber: `CN-COUNT-${index}`,
        disputeCode: '001',
        receivedOn: '2026-10-20',
        responseDueOn: due,
        consumer: {},
        account: { accountNumber: '1' },
      })),
    );
    const acdv = await insertAcdv('2026-10-26');
    await insertAcdv('2026-10-27', { respondedAt: WEDNESDAY });
    const dispute = await insertDispute(db, { dueDate: '2026-11-30' });
    const other = await insertDispute(db, { dueDate: '2026-11-25' });
    const notice = await insertNotice('2026-11-19T18:00:00Z');
    await insertNotice('2026-11-23T18:00:00Z');
    expect((await expectCountsOfList()).counts.map((count) => count.open)).toEqual([5, 2, 0, 2, 0]);

    // Answered, moved, found frivolous, its notice sent, resolved, processed, deleted.
    await db.update(acdvRequests).set({ respondedAt: WEDNESDAY }).where(eq(acdvRequests.id, acdv.id));
    await db
      .update(acdvRequests)
      .set({ responseDueOn: '2026-11-20' })
      .where(eq(acdvRequests.controlNumber, 'CN-COUNT-3'));
    await db.update(disputes).set({ frivolousAt: WEDNESDAY, dueDate: '2026-12-03' }).where(eq(disputes.id, dispute.id));
    expect((await expectCountsOfList()).counts.map((count) => count.open)).toEqual([4, 1, 1, 2, 0]);
    await db
      .update(disputes)
      .set({ frivolousNoticeSentAt: WEDNESDAY, dueDate: '2026-12-21' })
      .where(eq(disputes.id, dispute.id));
    await db.update(disputes).set({ resolvedAt: WEDNESDAY }).where(eq(disputes.id, other.id));
    await db.update(bankruptcyNotices).set({ processedAt: WEDNESDAY }).where(eq(bankruptcyNotices.id, notice.id));
    await db.delete(acdvRequests).where(eq(acdvRequests.controlNumber, 'CN-COUNT-0'));
    const after = await expectCountsOfList();
    expect(after.counts.map((count) => [count.queue, count.open, count.overdue, count.due_today])).toEqual([
      ['acdv', 3, 1, 2],
      ['dispute', 1, 0, 0],
      ['dispute_frivolous_notice', 0, 0, 0],
      // Came Monday 23: due today.
      ['bankruptcy_notice', 1, 0, 1],
      ['notice_to_mail', 0, 0, 0],
    ]);
  });

  it("lists an employee's own queues: an agent off the credit reporting desk sees no ACDV, nor may ask", async () => {
    const acdv = await insertAcdv('2026-10-20');
    const dispute = await insertDispute(t.database.db, { dueDate: '2026-11-30' });
    const own = await listed({}, agent);
    expect(own.queues).toEqual(['dispute', 'dispute_frivolous_notice', 'bankruptcy_notice', 'notice_to_mail']);
    expect(own.own_queues).toEqual(own.queues);
    expect(own.items.map(key)).toEqual([`dispute ${dispute.id}`]);
    expect(own.counts.map((count) => count.queue)).not.toContain('acdv');
    const refused = await deadlines(agent, { queues: 'acdv' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      errors: ['Only employees on the credit reporting desk (the credit_reporting role) can answer ACDV requests.'],
    });
    expect((await listed()).items.map(key)).toContain(`acdv ${acdv.id}`);
  });

  it('needs a signed-in employee, a known scope and queue, a page size and a cursor it wrote', async () => {
    expect((await deadlines(null)).statusCode).toBe(401);
    const bad = await deadlines(agent, { scope: 'later' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.join(' ')).toContain("scope is 'all' or 'due_now'.");
    const queue = await deadlines(agent, { queues: 'dispute,tickets' });
    expect(queue.statusCode).toBe(400);
    expect(queue.json().errors.join(' ')).toContain('Each queue is one of acdv, dispute,');
    expect((await deadlines(agent, { limit: '0' })).statusCode).toBe(400);
    expect((await deadlines(agent, { limit: '501' })).statusCode).toBe(400);
    const cursor = await deadlines(agent, { after: "2026-11-30~dispute~1'; drop table disputes" });
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().errors.join(' ')).toContain('after is the next_after of the page before');
  });
});

describe("the consumer's information on an ACDV", () => {
  beforeEach(() => closeEverything(t.database.db));

  const rowOf = async (id: number) =>
    (await t.database.db.select().from(acdvRequests).where(eq(acdvRequests.id, id)))[0]!;
  const rowByControlNumber = async (controlNumber: string) =>
    (await t.database.db.select().from(acdvRequests).where(eq(acdvRequests.controlNumber, controlNumber)))[0]!;
  async function importAcdvs(records: object[]) {
    const { contentType, payload } = await multipartBody([
      { name: 'acdvs.json', content: Buffer.from(JSON.stringify(records)), type: 'application/json' },
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/internal/api/fcra/import_acdvs',
      headers: { ...desk.headers, 'content-type': contentType },
      payload,
    });
  }

  it('moves the response to 45 days from receipt, once, and the list and the queue follow', async () => {
    // Imported as the bureau sends them, so their due dates are the import's: received 10 November,
    // due Thursday 10 December; received 12 November, 30 days end on a Saturday, so Friday 11.
    const imported = await importAcdvs([
      {
        control_number: 'CN-DL-45',
        dispute_code: '001',
        received_on: '2026-11-10',
        last_name: 'Lovelace',
        account_number: '1',
      },
      {
        control_number: 'CN-DL-30',
        dispute_code: '001',
        received_on: '2026-11-12',
        last_name: 'Hopper',
        account_number: '2',
      },
    ]);
    expect(imported.json()).toMatchObject({ imported: 2 });
    const acdv = await rowByControlNumber('CN-DL-45');
    const other = await rowByControlNumber('CN-DL-30');
    expect([acdv.responseDueOn, other.responseDueOn]).toEqual(['2026-12-10', '2026-12-11']);

    const moved = await consumerInfo(desk, { control_number: acdv.controlNumber, received_on: '2026-11-20' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({
      message: `ACDV ${acdv.controlNumber}: the consumer's information came 2026-11-20; the response is now due 2026-12-24.`,
      control_number: acdv.controlNumber,
      consumer_info_added_on: '2026-11-20',
      response_due_on: '2026-12-24',
      // Calendar days, as the FCRA counts them, from Wednesday 25 November.
      days_left: 29,
      days_kind: 'calendar',
    });
    expect(await rowOf(acdv.id)).toMatchObject({ consumerInfoAddedOn: '2026-11-20', responseDueOn: '2026-12-24' });
    const [event] = await auditEventsOf(t.database.db, 'acdv_request.consumer_info_added', acdv.id);
    expect(event).toMatchObject({
      employeeId: desk.employeeId,
      before: { consumer_info_added_on: null, response_due_on: '2026-12-10' },
      after: { consumer_info_added_on: '2026-11-20', response_due_on: '2026-12-24' },
    });

    const list = await listed();
    expect(list.items.map(key)).toEqual([`acdv ${other.id}`, `acdv ${acdv.id}`]);
    // 45 days end on Christmas: Thursday 24 December.
    expect(list.items[1]).toMatchObject({ due_on: '2026-12-24', days_left: 29 });
    expect(list.items[1]!.summary).toContain('45 days');

    // Get-next: the other ACDV (due Friday 11 December) is now the more urgent.
    const next = await t.app.inject({ method: 'GET', url: '/internal/api/fcra/acdv_request', headers: desk.headers });
    expect(next.json().acdv).toMatchObject({ control_number: other.controlNumber, days_left: 16 });

    // Only once: the second time is refused and changes nothing.
    const again = await consumerInfo(desk, { control_number: acdv.controlNumber, received_on: '2026-11-21' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0]).toContain('already recorded');
    expect((await rowOf(acdv.id)).consumerInfoAddedOn).toBe('2026-11-20');
  });

  it('refuses information after the 30 days, a wrong date, an answered ACDV and someone else’s, writing nothing', async () => {
    // 30 days from 1 October ended Saturday 31 October.
    const old = await insertAcdv('2026-10-01');
    const answered = await insertAcdv('2026-11-10', { respondedAt: WEDNESDAY });
    const held = await insertAcdv('2026-11-10', {
      assignedTo: colleague.employeeId,
      leaseExpiresAt: new Date(WEDNESDAY.getTime() + 600_000),
    });
    const refusals: Array<[StaffSession, Record<string, unknown>, number]> = [
      [desk, { control_number: old.controlNumber, received_on: '2026-11-02' }, 409],
      [desk, { control_number: old.controlNumber, received_on: '2026-11-26' }, 422],
      [desk, { control_number: old.controlNumber, received_on: '2026-09-30' }, 422],
      [desk, { control_number: old.controlNumber, received_on: '2026-02-30' }, 400],
      [desk, { control_number: answered.controlNumber, received_on: '2026-11-20' }, 409],
      [desk, { control_number: held.controlNumber, received_on: '2026-11-20' }, 409],
      [desk, { control_number: 'CN-NOWHERE', received_on: '2026-11-20' }, 404],
      [agent, { control_number: old.controlNumber, received_on: '2026-10-20' }, 403],
    ];
    for (const [who, payload, status] of refusals) {
      const response = await consumerInfo(who, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().errors.length).toBeGreaterThan(0);
    }
    const rows = await t.database.db
      .select()
      .from(acdvRequests)
      .where(inArray(acdvRequests.id, [old.id, answered.id, held.id]));
    expect(rows.map((row) => row.consumerInfoAddedOn)).toEqual([null, null, null]);
    expect(await auditEventsOf(t.database.db, 'acdv_request.consumer_info_added', old.id)).toEqual([]);
    // Information that came on day 30, a Saturday, still counts.
    expect(
      (await consumerInfo(desk, { control_number: old.controlNumber, received_on: '2026-10-31' })).json(),
    ).toMatchObject({
      response_due_on: '2026-11-13',
    });
  });
});

describe('a frivolous direct dispute', () => {
  beforeEach(() => closeEverything(t.database.db));

  const markFrivolous = (who: StaffSession, payload: Record<string, unknown>) =>
    callDisputes(t, who, 'PATCH', 'mark_frivolous', payload);
  const noticeSent = (who: StaffSession, id: number) => callDisputes(t, who, 'PATCH', 'frivolous_notice_sent', { id });

  it('has its notice due within 5 business days until the notice is recorded as sent', async () => {
    const dispute = await insertHeldDispute(t, desk, { dueDate: '2026-12-21' });
    expect((await markFrivolous(colleague, { id: dispute.id, reason: 'No account named' })).statusCode).toBe(403);
    expect((await markFrivolous(desk, { id: dispute.id, reason: '  ' })).statusCode).toBe(400);

    const marked = await markFrivolous(desk, { id: dispute.id, reason: 'No account named' });
    expect(marked.statusCode).toBe(200);
    // Fri 27, Mon 30, Tue 1, Wed 2, Thu 3 December.
    expect(marked.json()).toMatchObject({
      id: dispute.id,
      frivolous_at: WEDNESDAY.toISOString(),
      frivolous_reason: 'No account named',
      notice_due_on: '2026-12-03',
      notice_sent_at: null,
    });
    expect(await disputeRow(t.database.db, dispute.id)).toMatchObject({
      frivolousAt: WEDNESDAY,
      frivolousReason: 'No account named',
      dueDate: '2026-12-03',
    });
    expect(await auditEventsOf(t.database.db, 'dispute.marked_frivolous', dispute.id)).toHaveLength(1);
    expect((await markFrivolous(desk, { id: dispute.id, reason: 'Again' })).statusCode).toBe(409);

    // The notice replaces the investigation's deadline in the list.
    expect((await listed()).items).toEqual([
      expect.objectContaining({
        queue: 'dispute_frivolous_notice',
        id: dispute.id,
        due_on: '2026-12-03',
        days_left: 5,
      }),
    ]);

    // Not while someone else works the dispute; then by anyone, once.
    const blocked = await noticeSent(colleague, dispute.id);
    expect(blocked.statusCode).toBe(409);
    expect((await disputeRow(t.database.db, dispute.id)).frivolousNoticeSentAt).toBeNull();
    expect((await unassign(t, desk, dispute.id)).statusCode).toBe(200);
    t.clock.set(new Date('2026-11-26T18:00:00Z'));
    const sent = await noticeSent(colleague, dispute.id);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ notice_due_on: '2026-12-03', notice_sent_at: '2026-11-26T18:00:00.000Z' });
    expect(await auditEventsOf(t.database.db, 'dispute.frivolous_notice_sent', dispute.id)).toHaveLength(1);
    expect((await listed()).items.filter((item) => item.id === dispute.id && item.queue !== 'dispute')).toEqual([]);
    // The notice gone, the dispute is due on its 30 days again (from the letter's receipt), listed as a dispute.
    const { dueDate, letterReceivedOn } = await disputeRow(t.database.db, dispute.id);
    expect(dueDate).toBe(directDisputeDueOn(letterReceivedOn));
    expect(dueDate).toBe('2026-12-21');
    expect((await listed()).items.filter((item) => item.id === dispute.id)).toEqual([
      expect.objectContaining({ queue: 'dispute', due_on: dueDate }),
    ]);
    expect((await noticeSent(colleague, dispute.id)).statusCode).toBe(409);
  });

  it('refuses a notice for a dispute not found frivolous, or one that is not there', async () => {
    const plain = await insertDispute(t.database.db);
    expect((await noticeSent(desk, plain.id)).statusCode).toBe(409);
    expect((await noticeSent(desk, 987_654)).statusCode).toBe(404);
    expect((await disputeRow(t.database.db, plain.id)).frivolousNoticeSentAt).toBeNull();
  });

  it('goes first in the queue when its notice is due before the other disputes', async () => {
    const later = await insertDispute(t.database.db, { dueDate: '2026-12-10' });
    const frivolous = await insertHeldDispute(t, desk, { dueDate: '2026-12-21' });
    expect((await markFrivolous(desk, { id: frivolous.id, reason: 'Irrelevant' })).statusCode).toBe(200);
    expect((await unassign(t, desk, frivolous.id)).statusCode).toBe(200);
    const next = await assign(t, colleague);
    expect(next.json()).toEqual({ success: true, dispute_id: frivolous.id });
    expect((await assign(t, agent)).json().dispute_id).toBe(later.id);
  });
});
