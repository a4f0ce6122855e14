import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import {
  API_URL,
  INBOUND_EMAIL_SECRET,
  agentEmail,
  apiTokenOf,
  expect,
  goOffline,
  goOnline,
  isTaken,
  shoot,
  signIn,
  take,
  test,
} from './fixtures.ts';

// Issue 40, snooze (decision 064): an agent snoozes a ticket until the customer replies; it leaves
// their list; the customer writes in; the ticket is back in the queue, marked "Back from snooze".

// The demo has 12 agents, all used by some spec; this one leaves as it found (offline, no tickets held).
const AGENT = agentEmail(12);

type Profile = { id: number; first_name: string; last_name: string; email: string; dnc: boolean };

async function api(page: Page) {
  return { authorization: `Bearer ${await apiTokenOf(page)}` };
}

async function pickCustomer(page: Page): Promise<Profile> {
  const headers = await api(page);
  for (let id = 140; id < 220; id += 1) {
    if (isTaken(id)) continue;
    const response = await page.request.get(`${API_URL}/users/search?parameter=ID&search=${id}`, { headers });
    if (!response.ok()) continue;
    const { user } = (await response.json()) as { user: Profile };
    if (!user.dnc && user.email) return { ...user, id: take(id) };
  }
  throw new Error('No demo customer free for the snooze spec.');
}

async function customerWrites(page: Page, customer: Profile, text: string): Promise<number> {
  const email = [
    `From: ${customer.first_name} ${customer.last_name} <${customer.email}>`,
    'To: support@portal.example',
    'Subject: Changing my payment date',
    `Message-ID: <e2e-snooze-${Date.now()}-${Math.random().toString(36).slice(2)}@example.net>`,
    `Date: ${new Date().toUTCString()}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    text,
    '',
  ].join('\r\n');
  const delivered = await page.request.post(`${API_URL}/webhooks/email`, {
    headers: { Authorization: `Bearer ${INBOUND_EMAIL_SECRET}`, 'Content-Type': 'message/rfc822' },
    data: email,
  });
  expect(delivered.ok(), await delivered.text()).toBe(true);
  return ((await delivered.json()) as { ticket_id: number }).ticket_id;
}

type Snooze = { until_reply: boolean; returned_at: string | null; reason: string | null } | null;

async function ticketSnooze(page: Page, id: number): Promise<Snooze> {
  const response = await page.request.get(`${API_URL}/ticket?id=${id}&preview=true`, { headers: await api(page) });
  return ((await response.json()) as { snooze: Snooze }).snooze;
}

async function queue(page: Page): Promise<{ total: number; mine: number[] }> {
  const response = await page.request.get(`${API_URL}/tickets`, { headers: await api(page) });
  const body = (await response.json()) as { totalTicketCount: number; openTickets: { id: number }[] };
  return { total: body.totalTicketCount, mine: body.openTickets.map((ticket) => ticket.id) };
}

test('a ticket snoozed until the customer replies leaves the list and comes back on the reply, marked', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, AGENT);
  const customer = await pickCustomer(page);
  const ticketId = await customerWrites(page, customer, 'Can I move my payment to the 15th?');
  await goOnline(page);
  await page.goto(`/?ticket=${ticketId}`);
  await expect(page.getByRole('heading', { name: `Ticket #${ticketId}` })).toBeVisible();
  // The customer waits on us: the reply-time clock runs (decision 066).
  await expect(page.getByText(/^(First|Next) reply (due in|overdue)/)).toBeVisible();
  const before = await queue(page);
  expect(before.mine).toContain(ticketId);

  // By keyboard: focus the menu button, open it, arrow to the last choice.
  const snooze = page.getByRole('button', { name: `Snooze ticket #${ticketId}` });
  await snooze.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Until the customer replies' })).toBeVisible();
  await shoot(page, 'snooze-menu');
  await expectNoAxeViolations(page);
  await menu.getByRole('menuitem', { name: 'Until the customer replies' }).focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: `Ticket #${ticketId} snoozed until the customer replies` }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: `Ticket #${ticketId}` })).toBeHidden();

  // Out of my list and of the queue's count.
  await expect.poll(async () => (await queue(page)).mine).not.toContain(ticketId);
  await expect.poll(async () => (await queue(page)).total).toBe(before.total - 1);
  expect(await ticketSnooze(page, ticketId)).toMatchObject({ until_reply: true, returned_at: null });

  // The customer writes in: the same ticket, back in the queue, marked.
  expect(await customerWrites(page, customer, 'Any news about my payment date?')).toBe(ticketId);
  await expect.poll(async () => (await queue(page)).total).toBe(before.total);
  expect(await ticketSnooze(page, ticketId)).toMatchObject({ reason: 'customer_replied' });
  await page.goto(`/?ticket=${ticketId}`);
  await expect(page.getByRole('heading', { name: `Ticket #${ticketId}` })).toBeVisible();
  const badge = page.getByText('Back from snooze', { exact: true });
  await expect(badge).toBeVisible();
  await expect(page.getByText(/^Snoozed by Lauren Foster; back .+ because the customer replied\.$/)).toBeVisible();
  // The clock paused while the ticket waited on the customer and runs again.
  await expect(page.getByText(/^(First|Next) reply (due in|overdue)/)).toBeVisible();
  await shoot(page, 'snooze-back-from-snooze');
  await expectNoAxeViolations(page);
  await goOffline(page);
});
