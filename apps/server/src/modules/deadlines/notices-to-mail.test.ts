import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DeadlineItem, DeadlinesResponse } from '@portal/contracts';
import { messages, statements } from '@portal/db';
import { createCustomer, createLoan } from '@portal/db/testing';
import { recordNoticeToMail } from '../../platform/outbound.ts';
import { auditEventsOf } from '../../testing/audit-events.ts';
import { createRecordingMailer } from '../../testing/recording-senders.ts';
import { countWrites } from '../../testing/row-counts.ts';
import type { StaffSession } from '../../testing/staff-session.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { callAsStaff } from '../../testing/staff-helpers.ts';
import { expectErrors } from '../../testing/error-answers.ts';

// Legally required notices are never dropped (issue 37, decision 047): one no channel carried is
// listed on the deadlines screen to be mailed on paper, 3 business days after it became
// undelivered, until staff record that they mailed it. The clock stands on Wednesday 25 November
// 2026, 10:00 in Los Angeles, the day before Thanksgiving.

const WEDNESDAY = new Date('2026-11-25T18:00:00Z');

const mailer = createRecordingMailer();
const t = useTestApp({ mailer });
beforeAll(() => {
  t.clock.set(WEDNESDAY);
});
const agent = useStaffSession(t);
const colleague = useStaffSession(t);

// Nothing left to mail, so each test sees only its own notices; the provider takes mail again.
beforeEach(async () => {
  t.clock.set(WEDNESDAY);
  mailer.failWith = null;
  mailer.failPermanently = true;
  await t.database.db
    .update(messages)
    .set({ mailedAt: new Date('2026-01-01T00:00:00Z') })
    .where(and(eq(messages.legallyRequired, true), isNull(messages.mailedAt)));
});

const deadlines = (who: StaffSession, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/internal/api/deadlines', headers: who.headers, query });

async function listed(query: Record<string, string> = { scope: 'due_now' }): Promise<DeadlinesResponse> {
  const response = await deadlines(agent, query);
  expect(response.statusCode).toBe(200);
  return response.json();
}

const toMail = (body: DeadlinesResponse): DeadlineItem[] =>
  body.items.filter((item) => item.queue === 'notice_to_mail');
const countOf = (body: DeadlinesResponse) => body.counts.find((count) => count.queue === 'notice_to_mail');

const markMailed = (who: StaffSession | null, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/internal/api/deadlines/notice_mailed',
    headers: who?.headers ?? {},
    payload,
  });

const messageRow = async (id: number) => (await t.database.db.select().from(messages).where(eq(messages.id, id)))[0]!;

// An outbound email as the outbox leaves it; a legally required one unless told otherwise.
async function insertMessage(values: Partial<typeof messages.$inferInsert> = {}) {
  const customer = await createCustomer(t.database.db);
  const [row] = await t.database.db
    .insert(messages)
    .values({
      customerId: customer.id,
      type: 'email',
      inbound: false,
      subject: 'Alert: we can no longer withdraw your loan payments automatically',
      body: 'Consumer rights notice: ...',
      toAddress: customer.email,
      status: 'undelivered',
      error: '550 5.1.1 Mailbox unavailable',
      processed: true,
      sendingPath: 'consumer_rights_notice',
      legallyRequired: true,
      createdAt: new Date('2026-11-24T18:00:00Z'),
      ...values,
    })
    .returning();
  return { customer, message: row! };
}

describe('a legally required notice no channel carried', () => {
  it('is listed to be mailed once the provider refuses it for good, until someone records it mailed, once', async () => {
    // The product's own path: an application denied by hand, its adverse action notice emailed.
    const customer = await createCustomer(t.database.db);
    const { loan } = await createLoan(t.database.db, { customerId: customer.id, state: 'applied' });
    await t.database.db.insert(statements).values(
      ['2026-10-31', '2026-09-30', '2026-08-31'].map((date) => ({
        loanId: loan.id,
        storageKey: `s/${loan.id}/${date}`,
        statementDate: date,
      })),
    );
    const denied = await callAsStaff(t.app, agent, 'POST', 'loans/manual_denial_email', { loan_id: loan.id });
    expect(denied.statusCode).toBe(200);
    const [queued] = await t.database.db.select().from(messages).where(eq(messages.customerId, customer.id));
    expect(queued).toMatchObject({ legallyRequired: true, status: 'queued', sendingPath: 'denial_notice' });
    const id = queued!.id;
    // Not listed while the outbox may still deliver it.
    expect(toMail(await listed())).toEqual([]);

    // The provider refuses the address for good.
    mailer.failWith = '550 5.1.1 <ana@example.com>: Recipient address rejected';
    expect(await t.app.outbox.deliverDue()).toBe(1);
    expect(await messageRow(id)).toMatchObject({ status: 'undelivered', mailedAt: null });

    // Undelivered Wednesday 25: Fri 27, Mon 30, Tue 1 December. Listed though not due yet: the
    // screen (due_now) shows every notice to mail.
    const body = await listed();
    expect(toMail(body)).toEqual([
      {
        queue: 'notice_to_mail',
        id,
        due_on: '2026-12-01',
        days_left: 3,
        days_kind: 'business',
        overdue: false,
        title: `Adverse action notice #${id} to mail, customer ${customer.id}`,
        summary: `About your loan application ${loan.id} · the email was not delivered: 550 5.1.1 <ana@example.com>: Recipient address rejected`,
        link: `/user?ID=${customer.id}`,
      },
    ]);
    expect(countOf(body)).toEqual({
      queue: 'notice_to_mail',
      label: 'Notices to mail',
      open: 1,
      due_today: 0,
      overdue: 0,
    });
    expect(toMail(await listed({ scope: 'all' })).map((item) => item.id)).toEqual([id]);

    // Mailed on paper the next day.
    t.clock.set(new Date('2026-11-26T17:30:00Z'));
    const mailed = await markMailed(agent, { id });
    expect(mailed.statusCode).toBe(200);
    expect(mailed.json()).toEqual({
      message: `Message #${id} is recorded as mailed on paper.`,
      id,
      mailed_at: '2026-11-26T17:30:00.000Z',
    });
    expect(await messageRow(id)).toMatchObject({
      status: 'undelivered',
      mailedAt: new Date('2026-11-26T17:30:00Z'),
      mailedBy: agent.employeeId,
    });
    const events = await auditEventsOf(t.database.db, 'message.notice_mailed', id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      employeeId: agent.employeeId,
      entityType: 'message',
      before: { mailed_at: null, mailed_by: null },
      after: { mailed_at: '2026-11-26T17:30:00.000Z', mailed_by: agent.employeeId },
    });
    const after = await listed();
    expect(toMail(after)).toEqual([]);
    expect(countOf(after)).toMatchObject({ open: 0 });

    // A second time, by anyone: refused with a sentence, and nothing written.
    const writes = await countWrites(t.database.db);
    const again = await markMailed(colleague, { id });
    expectErrors(again, 409, [`Message #${id} was already recorded as mailed on paper (2026-11-26T17:30:00.000Z).`]);
    expect(await messageRow(id)).toMatchObject({ mailedBy: agent.employeeId });
    expect(await countWrites(t.database.db)).toEqual(writes);
  });

  it('is due 3 business days after it became undelivered: after the time it was held until, when it was held', async () => {
    // Queued Thursday 19 November at 9 pm in Los Angeles, held for the night until Friday 8 am: due
    // Mon 23, Tue 24, Wed 25 (today). Counted from the Thursday it would be overdue since Tuesday.
    const { message: held } = await insertMessage({
      createdAt: new Date('2026-11-20T05:00:00Z'),
      heldUntil: new Date('2026-11-20T16:00:00Z'),
    });
    // Queued Wednesday 18, never held: Thu 19, Fri 20, Mon 23, overdue by 2 business days.
    const { message: late } = await insertMessage({
      sendingPath: null,
      subject: null,
      error: null,
      createdAt: new Date('2026-11-18T18:00:00Z'),
    });
    const body = await listed();
    expect(toMail(body).map((item) => [item.id, item.due_on, item.days_left, item.overdue])).toEqual([
      [late.id, '2026-11-23', -2, true],
      [held.id, '2026-11-25', 0, false],
    ]);
    // A notice whose road is unknown is still named, and says what it lacks.
    expect(toMail(body)[0]).toMatchObject({
      title: `Legally required notice #${late.id} to mail, customer ${late.customerId}`,
      summary: 'No subject · the email was not delivered: no reason recorded',
    });
    expect(countOf(body)).toEqual({
      queue: 'notice_to_mail',
      label: 'Notices to mail',
      open: 2,
      due_today: 1,
      overdue: 1,
    });
  });

  it('lists only notices the law requires that no channel carried and nobody mailed yet', async () => {
    const { message: notice } = await insertMessage();
    const { message: ordinary } = await insertMessage({ legallyRequired: false, sendingPath: 'ticket_reply' });
    const { message: sent } = await insertMessage({ status: 'sent', error: null });
    const { message: queued } = await insertMessage({ status: 'queued', error: 'Connection refused' });
    const { message: mailed } = await insertMessage({
      mailedAt: new Date('2026-11-24T20:00:00Z'),
      mailedBy: agent.employeeId,
    });
    const all = await listed({ scope: 'all' });
    expect(toMail(all).map((item) => item.id)).toEqual([notice.id]);
    const others = [ordinary.id, sent.id, queued.id, mailed.id];
    expect(all.items.filter((item) => others.includes(item.id) && item.queue === 'notice_to_mail')).toEqual([]);
  });

  it('refuses to record as mailed what is not a notice waiting to be mailed, with a sentence, writing nothing', async () => {
    const { message: ordinary } = await insertMessage({ legallyRequired: false, sendingPath: 'ticket_reply' });
    const { message: sent } = await insertMessage({ status: 'sent', error: null });
    const { message: queued } = await insertMessage({ status: 'queued' });
    const { message: inbound } = await insertMessage({
      inbound: true,
      status: 'received',
      legallyRequired: false,
      sendingPath: null,
    });
    const writes = await countWrites(t.database.db);
    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [
        { id: ordinary.id },
        409,
        `Message #${ordinary.id} is not a legally required notice: only those are mailed on paper from the deadlines screen.`,
      ],
      [
        { id: inbound.id },
        409,
        `Message #${inbound.id} is not a legally required notice: only those are mailed on paper from the deadlines screen.`,
      ],
      [
        { id: sent.id },
        409,
        `Message #${sent.id} is sent: a notice is mailed on paper only once no channel could carry it.`,
      ],
      [
        { id: queued.id },
        409,
        `Message #${queued.id} is still queued to be sent: a notice is mailed on paper only once no channel could carry it.`,
      ],
      [{ id: 987_654_321 }, 404, 'Message #987654321 was not found.'],
    ];
    for (const [payload, status, sentence] of refusals) {
      const response = await markMailed(agent, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json()).toEqual({ errors: [sentence] });
    }
    for (const id of [ordinary.id, sent.id, queued.id, inbound.id])
      expect(await messageRow(id)).toMatchObject({ mailedAt: null, mailedBy: null });
    expect(await countWrites(t.database.db)).toEqual(writes);
  });

  it('needs a signed-in employee and a message id', async () => {
    const { message } = await insertMessage();
    expect((await markMailed(null, { id: message.id })).statusCode).toBe(401);
    const missing = await markMailed(agent, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.length).toBeGreaterThan(0);
    expect((await markMailed(agent, { id: 'one' })).statusCode).toBe(400);
    expect((await messageRow(message.id)).mailedAt).toBeNull();
  });
});

describe('a notice with no channel at all', () => {
  it('is recorded undelivered with the reason and listed to be mailed; no other road may record one', async () => {
    const customer = await createCustomer(t.database.db);
    const notice = {
      customerId: customer.id,
      subject: 'Alert: we can no longer withdraw your loan payments automatically',
      body: 'Consumer rights notice: ...',
      why: 'No email address on file: mail the notice.',
      employeeId: null,
      now: WEDNESDAY,
    };
    const row = await t.database.db.transaction((tx) =>
      recordNoticeToMail(tx, { ...notice, path: 'consumer_rights_notice' }),
    );
    expect(row).toMatchObject({ status: 'undelivered', legallyRequired: true, toAddress: null, error: notice.why });
    expect(toMail(await listed({ scope: 'all' })).map((item) => item.id)).toContain(row.id);
    expect((await auditEventsOf(t.database.db, 'message.notice_to_mail', row.id)).length).toBe(1);
    await expect(
      t.database.db.transaction((tx) => recordNoticeToMail(tx, { ...notice, path: 'payoff_balance' })),
    ).rejects.toThrow(/not a legally required notice/);
  });
});
