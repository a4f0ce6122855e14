import type { Browser, Page } from '@playwright/test';
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

// Issue 40, part 1 (decision 063): two browsers on one customer see each other; a change made in
// one reaches the other at once, says who made it, and leaves what the other was typing; a
// customer writing in shows in an online agent's queue count without waiting for a poll.

// agent1@ is Maria Delgado and agent11@ Priya Patel in the demo; no other spec signs them in.
const FIRST = agentEmail(1);
const SECOND = agentEmail(11);

type Profile = { id: number; first_name: string; last_name: string; email: string; dnc: boolean };

async function pickCustomer(page: Page): Promise<Profile> {
  const headers = { authorization: `Bearer ${await apiTokenOf(page)}` };
  for (let id = 140; id < 200; id += 1) {
    if (isTaken(id)) continue;
    const response = await page.request.get(`${API_URL}/users/search?parameter=ID&search=${id}`, { headers });
    if (!response.ok()) continue;
    const { user } = (await response.json()) as { user: Profile };
    if (!user.dnc) return { ...user, id: take(id) };
  }
  throw new Error('No demo customer free for the live presence spec.');
}

async function newPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

test('two browsers see each other on a customer, and a change in one reaches the other without losing its typing', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signIn(page, FIRST);
  const customer = await pickCustomer(page);
  const other = await newPage(browser, baseURL);
  await signIn(other, SECOND);

  await page.goto(`/user?ID=${customer.id}`);
  await other.goto(`/user?ID=${customer.id}`);
  await expect(page.getByText('Priya Patel also has this customer open.')).toBeVisible();
  await expect(other.getByText('Maria Delgado also has this customer open.')).toBeVisible();
  await shoot(other, 'live-presence-user-page');
  await expectNoAxeViolations(other);

  // The second browser is half-way through a comment when the first adds one.
  const draft = other.getByRole('textbox', { name: 'New comment' });
  await draft.fill('Customer asked about the late fee, I was going to');
  await page.getByRole('textbox', { name: 'New comment' }).fill('Called, left a voicemail about the payoff.');
  await page.getByRole('button', { name: 'Add', exact: true }).click();

  const banner = other.getByTestId('changed-banner');
  await expect(banner).toContainText('This customer changed');
  await expect(banner).toContainText('Maria Delgado (comment added) at');
  await expect(other.getByLabel('Comments').getByText('Called, left a voicemail about the payoff.')).toBeVisible();
  await expect(draft).toHaveValue('Customer asked about the late fee, I was going to');
  await shoot(other, 'live-changed-under-you');
  await expectNoAxeViolations(other);
  // The banner goes by keyboard too.
  await banner.getByRole('button', { name: 'Dismiss the change notice' }).focus();
  await other.keyboard.press('Enter');
  await expect(banner).toBeHidden();
  // The one who made the change sees no banner of their own.
  await expect(page.getByTestId('changed-banner')).toBeHidden();

  // The second browser leaves: the first sees it gone.
  await other.goto('/');
  await expect(page.getByText('Priya Patel also has this customer open.')).toBeHidden();
  await other.context().close();
});

test("a customer writing in shows in an online agent's queue count at once, with no poll", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, FIRST);
  await goOnline(page);
  const stats = page.getByRole('button', { name: /^Ticket statistics: / });
  await expect(stats).toBeVisible();
  const label = (await stats.getAttribute('aria-label')) ?? '';
  const waiting = Number(/, (\d+) in the queue$/.exec(label)?.[1]);
  expect(Number.isInteger(waiting)).toBe(true);

  const stamp = Date.now();
  const email = [
    `From: A New Customer <live-${stamp}@example.net>`,
    'To: support@portal.example',
    'Subject: Where do I send my paystub?',
    `Message-ID: <e2e-live-${stamp}@example.net>`,
    `Date: ${new Date().toUTCString()}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Hello, where do I send my paystub?',
    '',
  ].join('\r\n');
  const sentAt = Date.now();
  const delivered = await page.request.post(`${API_URL}/webhooks/email`, {
    headers: { Authorization: `Bearer ${INBOUND_EMAIL_SECRET}`, 'Content-Type': 'message/rfc822' },
    data: email,
  });
  expect(delivered.ok(), await delivered.text()).toBe(true);
  // The queue polls every 30 s without the stream: well inside that, the count has moved.
  await expect(stats).toHaveAttribute('aria-label', new RegExp(`, ${waiting + 1} in the queue$`), { timeout: 10_000 });
  expect(Date.now() - sentAt).toBeLessThan(10_000);
  await goOffline(page);
});
