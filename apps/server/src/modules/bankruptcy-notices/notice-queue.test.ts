import { beforeEach, describe, expect, it } from 'vitest';
import { isNull } from 'drizzle-orm';
import { BACK_OFFICE_LEASE_MINUTES, NOTICES_PAGE_SIZE } from '@portal/contracts';
import { auditEvents, bankruptcyNotices } from '@portal/db';
import { createCustomer } from '@portal/db/testing';
import { createSignedInStaff } from '../../testing/staff-helpers.ts';
import type { StaffSession } from '../../testing/staff-session.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { auditOf, noticeCall, noticeDueOn, noticeRow } from '../../testing/notice-test-kit.ts';

// The notice queue: the unprocessed list, get-next, opening (assign), leaving (unassign) and the
// lease that runs out after BACK_OFFICE_LEASE_MINUTES without activity. Notices are inserted as an
// upload leaves them; uploads themselves are create-notices.test.ts's.

const t = useTestApp();
const agent = useStaffSession(t);
const colleague = useStaffSession(t);

const MINUTE = 60_000;
const heldByOther = 'This notice is already assigned to another employee and is not editable by you.';

type NoticeSeed = { debtorName?: string | null; customerId?: number | null; minutesAgo?: number };

async function insertNotices(seeds: NoticeSeed[]): Promise<number[]> {
  const now = t.clock.now().getTime();
  const rows = await t.database.db
    .insert(bankruptcyNotices)
    .values(
      seeds.map((seed, index) => ({
        fileName: `notice-${index}.pdf`,
        storageKey: `bankruptcy-notices/test-${index}.pdf`,
        type: 'BankruptcyNotice::InitialFiling',
        parsedData: { debtor_name: seed.debtorName === undefined ? 'Dana Q Public' : seed.debtorName },
        hasText: true,
        customerId: seed.customerId ?? null,
        customerMatch: seed.customerId ? 'ssn_last4_and_name' : null,
        createdAt: new Date(now - (seed.minutesAgo ?? 0) * MINUTE),
        dueOn: noticeDueOn(new Date(now - (seed.minutesAgo ?? 0) * MINUTE)),
      })),
    )
    .returning({ id: bankruptcyNotices.id });
  return rows.map((row) => row.id);
}

// Each test starts from an empty queue.
beforeEach(async () => {
  await t.database.db
    .update(bankruptcyNotices)
    .set({ processedAt: t.clock.now() })
    .where(isNull(bankruptcyNotices.processedAt));
});

const assignNext = (who: StaffSession) => noticeCall(t, who, 'PATCH', '/assign');

describe('GET bankruptcy_notices/unprocessed', () => {
  it('lists the unprocessed notices oldest first, a page at a time, with their names, dates and status', async () => {
    const customer = await createCustomer(t.database.db, { firstName: 'Lena', lastName: 'Marsh' });
    // Received 20:30 Los Angeles time on 2026-11-20 (04:30 UTC the 21st): its business date is the 20th.
    const ages = Array.from({ length: NOTICES_PAGE_SIZE + 2 }, (_, index) => 1000 - index);
    const ids = await insertNotices(
      ages.map((minutesAgo, index) => ({
        minutesAgo,
        customerId: index === 1 ? customer.id : null,
        debtorName: index === 2 ? null : index === 3 ? 'Cher' : 'Dana Q Public',
      })),
    );
    expect((await noticeCall(t, agent, 'PATCH', `/${ids[0]}/assign`)).statusCode).toBe(200);

    const first = await noticeCall(t, agent, 'GET', '/unprocessed');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.pagination).toEqual({ current_page: 1, total_pages: 2, total_count: NOTICES_PAGE_SIZE + 2 });
    expect(body.notices.map((notice: { id: number }) => notice.id)).toEqual(ids.slice(0, NOTICES_PAGE_SIZE));
    expect(body.notices[0]).toEqual({
      id: ids[0],
      status: 'assigned',
      employee_id: agent.employeeId,
      first_name: 'Dana',
      last_name: 'Q Public',
      created_at: new Date(t.clock.now().getTime() - 1000 * MINUTE).toISOString(),
      received_date: '2026-11-20',
      type: 'BankruptcyNotice::InitialFiling',
      // Friday's notice is due 2 business days later; on Saturday that is Monday and Tuesday away.
      due_on: '2026-11-24',
      days_left: 2,
      days_kind: 'business',
      overdue: false,
    });
    expect(body.notices[1]).toMatchObject({
      status: 'ready_for_assignment',
      employee_id: null,
      first_name: 'Lena',
      last_name: 'Marsh',
    });
    expect(body.notices[2]).toMatchObject({ first_name: null, last_name: null });
    expect(body.notices[3]).toMatchObject({ first_name: 'Cher', last_name: null });

    const second = await noticeCall(t, agent, 'GET', '/unprocessed', { page: '2' });
    expect(second.json().notices.map((notice: { id: number }) => notice.id)).toEqual(ids.slice(NOTICES_PAGE_SIZE));
    expect(second.json().pagination.current_page).toBe(2);
    const beyond = await noticeCall(t, agent, 'GET', '/unprocessed', { page: '9' });
    expect(beyond.json().notices).toEqual([]);
    expect((await noticeCall(t, agent, 'GET', '/unprocessed', { page: '0' })).statusCode).toBe(400);
  });

  it('answers an empty queue with one empty page', async () => {
    const response = await noticeCall(t, agent, 'GET', '/unprocessed');
    expect(response.json()).toEqual({ notices: [], pagination: { current_page: 1, total_pages: 1, total_count: 0 } });
  });
});

describe('PATCH bankruptcy_notices/assign (get next)', () => {
  it('hands out the oldest free notice, audited, and says when none is left', async () => {
    const [older, newer] = await insertNotices([{ minutesAgo: 10 }, { minutesAgo: 5 }]);
    const first = await assignNext(agent);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ notice: { id: older } });
    const row = await noticeRow(t, older!);
    expect(row.assignedTo).toBe(agent.employeeId);
    expect(row.leaseExpiresAt).toEqual(new Date(t.clock.now().getTime() + BACK_OFFICE_LEASE_MINUTES * MINUTE));
    expect((await auditOf(t, 'bankruptcy_notice', older!)).map((event) => event.action)).toEqual([
      'bankruptcy_notice.assigned',
    ]);
    expect((await assignNext(agent)).json()).toEqual({ notice: { id: newer } });
    const none = await assignNext(colleague);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ errors: ['No unresolved bankruptcy notices found.'] });
  });

  it('never gives one notice to two employees asking at once', async () => {
    const ids = await insertNotices(Array.from({ length: 8 }, (_, index) => ({ minutesAgo: 30 - index })));
    const staff: StaffSession[] = [];
    for (let index = 0; index < 10; index += 1)
      staff.push(
        await createSignedInStaff(t.app, t.database.db, { online: false }).then((member) => ({
          employeeId: member.id,
          token: member.token,
          headers: member.headers,
        })),
      );
    const responses = await Promise.all(staff.map((member) => assignNext(member)));
    const handedOut = responses
      .filter((response) => response.statusCode === 200)
      .map((response) => response.json().notice.id);
    expect(handedOut).toHaveLength(8);
    expect(new Set(handedOut).size).toBe(8);
    expect([...handedOut].sort((a, b) => a - b)).toEqual(ids);
    expect(responses.filter((response) => response.statusCode === 404)).toHaveLength(2);
    for (const [index, response] of responses.entries())
      if (response.statusCode === 200)
        expect((await noticeRow(t, response.json().notice.id)).assignedTo).toBe(staff[index]!.employeeId);
  });

  it('frees a notice whose lease ran out: the next employee gets it, and its holder can no longer save it', async () => {
    const [id] = await insertNotices([{}]);
    expect((await assignNext(agent)).json().notice.id).toBe(id);
    expect((await assignNext(colleague)).statusCode).toBe(404);
    t.clock.advance(BACK_OFFICE_LEASE_MINUTES * MINUTE - 1000);
    expect((await assignNext(colleague)).statusCode).toBe(404);
    t.clock.advance(1000);
    const listed = await noticeCall(t, agent, 'GET', '/unprocessed');
    expect(listed.json().notices[0]).toMatchObject({ id, status: 'ready_for_assignment', employee_id: null });
    expect((await noticeCall(t, agent, 'GET', `/${id}`)).json().notice).toMatchObject({
      status: 'ready_for_assignment',
    });

    const save = await noticeCall(t, agent, 'PATCH', `/${id}`, {
      notice: { parsed_data: {}, type: 'BankruptcyNotice::Other' },
    });
    expect(save.statusCode).toBe(409);
    expect(save.json().errors).toEqual([
      `Notice #${id} is no longer assigned to you: it was released after 30 minutes without activity. Open it again to go on.`,
    ]);
    expect((await assignNext(colleague)).json().notice.id).toBe(id);
    const refused = await noticeCall(t, agent, 'POST', `/${id}/process_notice`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual([heldByOther]);
  });
});

describe('PATCH bankruptcy_notices/:id/assign (opening a notice)', () => {
  it('takes a free notice once (audited), renews its own past half life, and refuses one held or processed', async () => {
    const [id, processed] = await insertNotices([{}, {}]);
    const taken = await noticeCall(t, agent, 'PATCH', `/${id}/assign`);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ notice: { id } });
    const firstLease = (await noticeRow(t, id!)).leaseExpiresAt;

    t.clock.advance(5 * MINUTE);
    expect((await noticeCall(t, agent, 'PATCH', `/${id}/assign`)).statusCode).toBe(200);
    expect((await noticeRow(t, id!)).leaseExpiresAt).toEqual(firstLease);
    t.clock.advance(15 * MINUTE);
    expect((await noticeCall(t, agent, 'PATCH', `/${id}/assign`)).statusCode).toBe(200);
    expect((await noticeRow(t, id!)).leaseExpiresAt).toEqual(
      new Date(t.clock.now().getTime() + BACK_OFFICE_LEASE_MINUTES * MINUTE),
    );
    expect((await auditOf(t, 'bankruptcy_notice', id!)).map((event) => event.action)).toEqual([
      'bankruptcy_notice.assigned',
    ]);

    const held = await noticeCall(t, colleague, 'PATCH', `/${id}/assign`);
    expect(held.statusCode).toBe(409);
    expect(held.json().errors).toEqual([heldByOther]);

    await t.database.db.update(bankruptcyNotices).set({ processedAt: t.clock.now() });
    const done = await noticeCall(t, colleague, 'PATCH', `/${processed}/assign`);
    expect(done.statusCode).toBe(409);
    expect(done.json().errors).toEqual([`Notice #${processed} is already processed.`]);

    const missing = await noticeCall(t, agent, 'PATCH', '/999999/assign');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors).toEqual(['The requested bankruptcy notice could not be found.']);
  });
});

describe('PATCH bankruptcy_notices/:id/unassign', () => {
  it('lets the holder hand the notice back (audited), writes nothing when nobody holds it, and refuses another’s', async () => {
    const [id] = await insertNotices([{}]);
    await noticeCall(t, agent, 'PATCH', `/${id}/assign`);

    const notMine = await noticeCall(t, colleague, 'PATCH', `/${id}/unassign`);
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().errors).toEqual([heldByOther]);
    expect((await noticeRow(t, id!)).assignedTo).toBe(agent.employeeId);

    const released = await noticeCall(t, agent, 'PATCH', `/${id}/unassign`);
    expect(released.statusCode).toBe(200);
    expect(released.json()).toEqual({ success: true });
    expect(await noticeRow(t, id!)).toMatchObject({ assignedTo: null, leaseExpiresAt: null });
    expect((await auditOf(t, 'bankruptcy_notice', id!)).map((event) => event.action)).toEqual([
      'bankruptcy_notice.assigned',
      'bankruptcy_notice.unassigned',
    ]);

    const events = (await t.database.db.select().from(auditEvents)).length;
    const again = await noticeCall(t, agent, 'PATCH', `/${id}/unassign`);
    expect(again.statusCode).toBe(200);
    expect((await t.database.db.select().from(auditEvents)).length).toBe(events);
    expect((await noticeCall(t, agent, 'PATCH', '/999999/unassign')).statusCode).toBe(404);
  });
});

describe('GET bankruptcy_notices/:id', () => {
  it('names the holder and renews the holder’s lease once past half its life', async () => {
    const [id] = await insertNotices([{}]);
    await noticeCall(t, agent, 'PATCH', `/${id}/assign`);
    const firstLease = (await noticeRow(t, id!)).leaseExpiresAt!;
    const seen = await noticeCall(t, colleague, 'GET', `/${id}`);
    expect(seen.headers['cache-control']).toBe('private, no-store');
    expect(seen.json().notice).toMatchObject({
      id,
      status: 'assigned',
      employee_id: agent.employeeId,
      employee_name: expect.stringMatching(/^Agent /),
    });

    t.clock.advance(10 * MINUTE);
    await noticeCall(t, agent, 'GET', `/${id}`);
    expect((await noticeRow(t, id!)).leaseExpiresAt).toEqual(firstLease);
    // Someone else reading it renews nothing.
    t.clock.advance(10 * MINUTE);
    await noticeCall(t, colleague, 'GET', `/${id}`);
    expect((await noticeRow(t, id!)).leaseExpiresAt).toEqual(firstLease);
    await noticeCall(t, agent, 'GET', `/${id}`);
    expect((await noticeRow(t, id!)).leaseExpiresAt).toEqual(
      new Date(t.clock.now().getTime() + BACK_OFFICE_LEASE_MINUTES * MINUTE),
    );

    const missing = await noticeCall(t, agent, 'GET', '/424242');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors).toEqual(['The requested bankruptcy notice could not be found.']);
    const file = await noticeCall(t, agent, 'GET', `/${id}/document`);
    expect(file.statusCode).toBe(404);
    expect(file.json().errors).toEqual([`The file of notice #${id} is missing from storage.`]);
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/internal/api/bankruptcy_notices/unprocessed' });
    expect(response.statusCode).toBe(401);
  });
});
