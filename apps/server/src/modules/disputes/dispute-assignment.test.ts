import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BACK_OFFICE_LEASE_MINUTES, DISPUTE_MESSAGES, DISPUTES_PAGE_SIZE } from '@portal/contracts';
import { auditEvents, disputes } from '@portal/db';
import { createSignedInStaff, setOnline } from '../../testing/staff-helpers.ts';
import { countRows } from '../../testing/row-counts.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import type { SignedInStaff } from '../../testing/staff-helpers.ts';
import {
  assign,
  auditOf,
  callDisputes,
  details,
  disputeRow,
  insertDispute,
  resolveEveryDispute,
  unassign,
  update,
} from '../../testing/dispute-test-helpers.ts';

// The queue of disputes: the unresolved list, taking and giving back a dispute, opening it, and the
// lease that runs out after BACK_OFFICE_LEASE_MINUTES without activity. The test clock stands at
// Saturday 2026-11-21, 09:00 in Los Angeles.

const MINUTE = 60_000;
const START = new Date('2026-11-21T17:00:00Z');
const t = useTestApp();
const staff: SignedInStaff[] = [];
const member = (index: number) => staff[index]!;

beforeEach(async () => {
  if (staff.length === 0)
    for (const name of ['Avery Agent', 'Blair Backoffice', 'Casey Clerk', 'Devon Desk', 'Emery Extra'])
      staff.push(await createSignedInStaff(t.app, t.database.db, { name, online: false }));
  t.clock.set(START);
  await resolveEveryDispute(t.database.db);
});

const writeCounts = async () => ({
  disputes: await countRows(t.database.db, disputes),
  audit: await countRows(t.database.db, auditEvents),
});

describe('GET disputes_dashboard/unresolved_disputes', () => {
  it('lists every unresolved dispute by due date then id, with the status, holder and overdue flag', async () => {
    const later = await insertDispute(t.database.db, { dueDate: '2026-12-20', firstName: 'Later', lastName: 'One' });
    const overdue = await insertDispute(t.database.db, { dueDate: '2026-11-20' });
    const sameDayA = await insertDispute(t.database.db, { dueDate: '2026-11-21' });
    const sameDayB = await insertDispute(t.database.db, { dueDate: '2026-11-21' });
    await insertDispute(t.database.db, { dueDate: '2026-11-01', resolvedAt: START });
    await assign(t, member(0), sameDayB.id);
    // A lease that ran out shows as unresolved, with nobody named.
    await t.database.db
      .update(disputes)
      .set({ assignedTo: member(1).id, leaseExpiresAt: new Date(START.getTime() - MINUTE) })
      .where(eq(disputes.id, later.id));

    const response = await callDisputes(t, member(2), 'GET', 'unresolved_disputes');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.meta).toEqual({ current_page: 1, total_pages: 1, total_disputes: 4 });
    expect(body.disputes).toEqual([
      {
        id: overdue.id,
        status: 'unresolved',
        employee_id: null,
        employee_name: null,
        due_date: '2026-11-20',
        overdue: true,
        first_name: null,
        last_name: null,
        user_id: null,
        failed_responses_count: 0,
      },
      expect.objectContaining({ id: sameDayA.id, status: 'unresolved', overdue: false }),
      expect.objectContaining({
        id: sameDayB.id,
        status: 'assigned',
        employee_id: member(0).id,
        employee_name: 'Avery Agent',
      }),
      expect.objectContaining({ id: later.id, status: 'unresolved', employee_id: null, first_name: 'Later' }),
    ]);
  });

  it(`pages by ${DISPUTES_PAGE_SIZE}, and answers a page past the end empty with the real number of pages`, async () => {
    for (let index = 0; index < DISPUTES_PAGE_SIZE + 3; index += 1) await insertDispute(t.database.db);
    const second = (await callDisputes(t, member(0), 'GET', 'unresolved_disputes', { page: 2 })).json();
    expect(second.disputes).toHaveLength(3);
    expect(second.meta).toEqual({ current_page: 2, total_pages: 2, total_disputes: DISPUTES_PAGE_SIZE + 3 });
    const past = (await callDisputes(t, member(0), 'GET', 'unresolved_disputes', { page: 7 })).json();
    expect(past).toEqual({
      disputes: [],
      meta: { current_page: 7, total_pages: 2, total_disputes: DISPUTES_PAGE_SIZE + 3 },
    });
    const bad = await callDisputes(t, member(0), 'GET', 'unresolved_disputes', { page: 0 });
    expect(bad.statusCode).toBe(400);
  });

  it('answers an empty queue with no pages', async () => {
    const body = (await callDisputes(t, member(0), 'GET', 'unresolved_disputes')).json();
    expect(body).toEqual({ disputes: [], meta: { current_page: 1, total_pages: 0, total_disputes: 0 } });
  });
});

describe('PATCH disputes_dashboard/assign_dispute', () => {
  it('hands out the next free dispute, oldest due date first, skipping held and resolved ones', async () => {
    const held = await insertDispute(t.database.db, { dueDate: '2026-11-10' });
    await insertDispute(t.database.db, { dueDate: '2026-11-05', resolvedAt: START });
    const next = await insertDispute(t.database.db, { dueDate: '2026-11-12' });
    await insertDispute(t.database.db, { dueDate: '2026-11-30' });
    expect((await assign(t, member(0), held.id)).json()).toEqual({ success: true, dispute_id: held.id });

    // Offline in the ticket workspace is no matter here: back-office queues serve anyone signed in.
    const response = await assign(t, member(1));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, dispute_id: next.id });
    const row = await disputeRow(t.database.db, next.id);
    expect(row.assignedTo).toBe(member(1).id);
    expect(row.leaseExpiresAt).toEqual(new Date(START.getTime() + BACK_OFFICE_LEASE_MINUTES * MINUTE));
    expect((await auditOf(t.database.db, next.id)).map((event) => event.action)).toEqual(['dispute.assigned']);
  });

  it('answers 404 with the spec sentence when nothing is left, writing nothing', async () => {
    await insertDispute(t.database.db, {
      assignedTo: member(0).id,
      leaseExpiresAt: new Date(START.getTime() + MINUTE),
    });
    const before = await writeCounts();
    const response = await assign(t, member(1));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errors: [DISPUTE_MESSAGES.noneLeft] });
    expect(await writeCounts()).toEqual(before);
  });

  it('never gives two employees asking at once the same dispute, round after round', async () => {
    for (let round = 0; round < 4; round += 1) {
      await resolveEveryDispute(t.database.db);
      const queued = [];
      for (let index = 0; index < 3; index += 1) queued.push(await insertDispute(t.database.db));
      const answers = await Promise.all(staff.map((employee) => assign(t, employee)));
      const taken = answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json().dispute_id);
      // Each dispute to exactly one employee, and every employee past the third told none is left.
      expect(taken.sort((a, b) => a - b)).toEqual(queued.map((dispute) => dispute.id));
      expect(answers.filter((answer) => answer.statusCode === 404)).toHaveLength(staff.length - 3);
      for (const dispute of queued) {
        const row = await disputeRow(t.database.db, dispute.id);
        const winner = answers.findIndex(
          (answer) => answer.statusCode === 200 && answer.json().dispute_id === dispute.id,
        );
        expect(row.assignedTo).toBe(member(winner).id);
      }
    }
  });

  it('takes a named dispute, renews the holder’s own lease without a new event, and refuses the rest', async () => {
    const dispute = await insertDispute(t.database.db);
    expect((await assign(t, member(0), dispute.id)).statusCode).toBe(200);
    t.clock.advance(20 * MINUTE);
    expect((await assign(t, member(0), dispute.id)).json()).toEqual({ success: true, dispute_id: dispute.id });
    expect((await disputeRow(t.database.db, dispute.id)).leaseExpiresAt).toEqual(
      new Date(START.getTime() + (20 + BACK_OFFICE_LEASE_MINUTES) * MINUTE),
    );
    expect((await auditOf(t.database.db, dispute.id)).map((event) => event.action)).toEqual(['dispute.assigned']);

    const before = await writeCounts();
    const taken = await assign(t, member(1), dispute.id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ errors: [DISPUTE_MESSAGES.heldByOther] });
    const missing = await assign(t, member(1), 987654);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errors: ['Dispute #987654 was not found.'] });
    const resolved = await insertDispute(t.database.db, { resolvedAt: START });
    const done = await assign(t, member(1), resolved.id);
    expect(done.statusCode).toBe(409);
    expect(done.json()).toEqual({ errors: [`Dispute #${resolved.id} is already resolved.`] });
    expect(await writeCounts()).toEqual({ ...before, disputes: before.disputes + 1 });
  });

  it('is not taken back when its holder goes offline in the ticket workspace', async () => {
    const dispute = await insertDispute(t.database.db);
    await setOnline(t.app, member(0), true);
    await assign(t, member(0), dispute.id);
    await setOnline(t.app, member(0), false);
    expect((await disputeRow(t.database.db, dispute.id)).assignedTo).toBe(member(0).id);
  });
});

describe('the lease', () => {
  it(`frees a dispute after ${BACK_OFFICE_LEASE_MINUTES} minutes without activity, and refuses the late holder`, async () => {
    const dispute = await insertDispute(t.database.db);
    await assign(t, member(0), dispute.id);
    t.clock.advance(BACK_OFFICE_LEASE_MINUTES * MINUTE + 1);

    const listed = (await callDisputes(t, member(1), 'GET', 'unresolved_disputes')).json();
    expect(listed.disputes).toEqual([
      expect.objectContaining({ id: dispute.id, status: 'unresolved', employee_id: null }),
    ]);
    const before = await writeCounts();
    const late = await update(t, member(0), dispute.id, { first_name: 'Late' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      errors: [
        `Dispute #${dispute.id} is no longer assigned to you: it was released after 30 minutes without activity. Open it again to go on.`,
      ],
    });
    expect(await writeCounts()).toEqual(before);

    // Someone else takes it from the queue; the late holder's changes are refused in the spec's words.
    expect((await assign(t, member(1))).json()).toEqual({ success: true, dispute_id: dispute.id });
    const refused = await update(t, member(0), dispute.id, { first_name: 'Late' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errors: [DISPUTE_MESSAGES.heldByOther] });
    const row = await disputeRow(t.database.db, dispute.id);
    expect(row.firstName).toBeNull();
    expect(row.assignedTo).toBe(member(1).id);
  });
});

describe('PATCH disputes_dashboard/unassign_dispute', () => {
  it('lets the holder give it back, with its event; does nothing for a free one; refuses others', async () => {
    const dispute = await insertDispute(t.database.db);
    await assign(t, member(0), dispute.id);
    const refused = await unassign(t, member(1), dispute.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errors: [DISPUTE_MESSAGES.heldByOther] });

    expect((await unassign(t, member(0), dispute.id)).json()).toEqual({ success: true });
    const row = await disputeRow(t.database.db, dispute.id);
    expect(row.assignedTo).toBeNull();
    expect(row.leaseExpiresAt).toBeNull();
    expect((await auditOf(t.database.db, dispute.id)).map((event) => event.action)).toEqual([
      'dispute.assigned',
      'dispute.unassigned',
    ]);

    const before = await writeCounts();
    expect((await unassign(t, member(1), dispute.id)).json()).toEqual({ success: true });
    await assign(t, member(1), dispute.id);
    t.clock.advance(BACK_OFFICE_LEASE_MINUTES * MINUTE);
    const afterTaking = await writeCounts();
    // An expired lease is nobody's: nothing to release, nothing written.
    expect((await unassign(t, member(0), dispute.id)).json()).toEqual({ success: true });
    expect(await writeCounts()).toEqual(afterTaking);
    expect(afterTaking.audit).toBe(before.audit + 1);
    expect((await unassign(t, member(0), 424242)).statusCode).toBe(404);
  });
});

describe('GET disputes_dashboard/dispute_details', () => {
  it('answers the whole dispute, and renews its holder’s lease once past half its life', async () => {
    const dispute = await insertDispute(t.database.db, {
      firstName: 'Jane',
      lastName: 'Doe',
      type: 'Dispute::Other',
      phoneNumber: '2175550143',
      ssnLast4: '6789',
      receivedAt: START,
    });
    await assign(t, member(0), dispute.id);
    const response = await details(t, member(0), dispute.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().dispute).toEqual({
      id: dispute.id,
      status: 'assigned',
      employee_id: member(0).id,
      employee_name: 'Avery Agent',
      received_at: START.toISOString(),
      letter_received_on: '2026-11-21',
      due_date: '2026-12-21',
      overdue: false,
      dispute_url: `/internal/api/disputes_dashboard/${dispute.id}/document`,
      file_name: 'letter.pdf',
      user_id: null,
      loan_id: null,
      first_name: 'Jane',
      last_name: 'Doe',
      street: null,
      city: null,
      state: null,
      zip: null,
      type: 'Dispute::Other',
      sent_by_third_party: null,
      contains_valid_3pa: null,
      phone_number: '2175550143',
      ssn_last_four: '6789',
      failed_responses_count: 0,
      latest_failed_response_error: null,
      response_type: null,
      resolved_at: null,
      consumer_disagrees: false,
      frivolous_at: null,
      frivolous_notice_sent_at: null,
    });

    const leaseAt = async () => (await disputeRow(t.database.db, dispute.id)).leaseExpiresAt;
    const first = await leaseAt();
    t.clock.advance(10 * MINUTE);
    await details(t, member(0), dispute.id);
    expect(await leaseAt()).toEqual(first);
    t.clock.advance(10 * MINUTE);
    await details(t, member(0), dispute.id);
    expect(await leaseAt()).toEqual(new Date(START.getTime() + (20 + BACK_OFFICE_LEASE_MINUTES) * MINUTE));
    // Someone else reading it changes nothing.
    const seen = await details(t, member(1), dispute.id);
    expect(seen.json().dispute).toMatchObject({ status: 'assigned', employee_id: member(0).id });
    expect((await details(t, member(1), 31337)).statusCode).toBe(404);
  });
});
