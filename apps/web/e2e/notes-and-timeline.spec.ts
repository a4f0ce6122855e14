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

// Issue 40: agent A writes an internal note on a ticket mentioning agent B; B sees the badge, opens
// the inbox, follows the link to the ticket, and finds the note and the customer's messages on the
// customer's timeline, narrowed by kind.

// agent9@ is Olivia Chen and agent12@ Lauren Foster in the demo; their handles are agent9 and agent12.
const WRITER = agentEmail(9);
const READER = agentEmail(12);

type Profile = { id: number; first_name: string; last_name: string; email: string; dnc: boolean };

// A demo customer no other spec took, read through the API.
async function pickCustomer(page: Page): Promise<Profile> {
  const headers = { authorization: `Bearer ${await apiTokenOf(page)}` };
  for (let id = 60; id < 140; id += 1) {
    if (isTaken(id)) continue;
    const response = await page.request.get(`${API_URL}/users/search?parameter=ID&search=${id}`, { headers });
    if (!response.ok()) continue;
    const { user } = (await response.json()) as { user: Profile };
    if (!user.dnc) return { ...user, id: take(id) };
  }
  throw new Error('No demo customer free for the notes spec.');
}

// The customer writes in by email: a ticket on their account.
async function customerWritesIn(page: Page, customer: Profile): Promise<number> {
  const stamp = Date.now();
  const email = [
    `From: ${customer.first_name} ${customer.last_name} <${customer.email}>`,
    'To: support@portal.example',
    'Subject: My payoff amount',
    `Message-ID: <e2e-notes-${stamp}@example.net>`,
    `Date: ${new Date().toUTCString()}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Hello, could someone tell me how much I need to pay off my loan this week?',
    '',
  ].join('\r\n');
  const delivered = await page.request.post(`${API_URL}/webhooks/email`, {
    headers: { Authorization: `Bearer ${INBOUND_EMAIL_SECRET}`, 'Content-Type': 'message/rfc822' },
    data: email,
  });
  expect(delivered.ok(), await delivered.text()).toBe(true);
  const { ticket_id: ticketId } = (await delivered.json()) as { ticket_id: number };
  return ticketId;
}

async function newPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

test('a note mentioning a colleague reaches their inbox, and the customer timeline shows it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // Agent A: the ticket, and a note on it for agent B.
  await signIn(page, WRITER);
  const customer = await pickCustomer(page);
  const ticketId = await customerWritesIn(page, customer);
  await goOnline(page);
  await page.goto(`/?ticket=${ticketId}`);
  await expect(page.getByRole('heading', { name: `Ticket #${ticketId}` })).toBeVisible();

  const notes = page.getByRole('region', { name: 'Internal notes' });
  await expect(notes.getByText('No notes yet.')).toBeVisible();
  // Ctrl+Enter adds the note; on a ticket it never sends the reply (the reply box's own shortcut).
  const replies: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/send_reply')) replies.push(request.url());
  });
  const noteBox = notes.getByRole('textbox', { name: 'New internal note' });
  await noteBox.fill('@agent12 please call this customer back tomorrow with the payoff; @nobody.here can wait.');
  await noteBox.press('Control+Enter');
  await expect(
    page.getByRole('status').filter({ hasText: `Note added to ticket #${ticketId}. Notified Lauren Foster.` }),
  ).toBeVisible();
  // The unknown handle is listed back; the known one is highlighted in the note.
  await expect(notes.getByText(/@nobody\.here is not an active employee's handle/)).toBeVisible();
  expect(replies).toEqual([]);
  const list = notes.getByRole('list', { name: 'Internal notes, newest first' });
  await expect(list.getByText('@agent12', { exact: true })).toHaveAttribute('title', 'Notified Lauren Foster');
  await notes.scrollIntoViewIfNeeded();
  await shoot(page, 'notes-ticket-workspace');
  await expectNoAxeViolations(page);
  // A goes off shift: the ticket goes back to the queue.
  await goOffline(page);

  // Agent B: the badge, the inbox, the ticket.
  const reader = await newPage(browser, baseURL);
  await signIn(reader, READER);
  const badge = reader.getByRole('link', { name: 'Mentions, 1 unread' });
  await expect(badge).toBeVisible();
  await shoot(reader, 'notes-mentions-badge');
  await goOnline(reader);
  await badge.click();
  await expect(reader).toHaveURL(/\/mentions$/);
  await expect(reader.getByRole('heading', { name: 'Mentions', level: 1 })).toBeVisible();
  const mention = reader.getByRole('listitem', { name: `Unread: Olivia Chen mentioned you on ticket #${ticketId}` });
  await expect(mention).toBeVisible();
  await expect(mention.getByText(/please call this customer back tomorrow/)).toBeVisible();
  await shoot(reader, 'notes-mentions-inbox');
  await expectNoAxeViolations(reader);

  // Keyboard: Tab to the link and Enter follows it (and marks the mention read).
  const openTicket = mention.getByRole('link', { name: `Open ticket #${ticketId}` });
  await openTicket.focus();
  await expect(openTicket).toBeFocused();
  await reader.keyboard.press('Enter');
  await expect(reader).toHaveURL(new RegExp(`/\\?ticket=${ticketId}$`));
  await expect(reader.getByRole('heading', { name: `Ticket #${ticketId}` })).toBeVisible();
  const readerNotes = reader.getByRole('region', { name: 'Internal notes' });
  await expect(readerNotes.getByText(/please call this customer back tomorrow/)).toBeVisible();
  await expect(reader.getByRole('link', { name: 'Mentions', exact: true })).toBeVisible();
  await goOffline(reader);

  // The customer's page: the notes and the timeline, with the note and the customer's message.
  await reader.goto(`/user?ID=${customer.id}`);
  await expect(reader.getByRole('heading', { name: new RegExp(customer.last_name) }).first()).toBeVisible();
  const timeline = reader.getByRole('region', { name: 'Timeline' });
  const entries = timeline.getByRole('list', { name: 'Customer timeline, newest first' });
  await expect(entries.getByText('Internal note by Olivia Chen', { exact: false })).toBeVisible();
  await expect(entries.getByText('Email from the customer', { exact: false }).first()).toBeVisible();
  await expect(entries.getByText(/how much I need to pay off my loan/)).toBeVisible();
  await timeline.scrollIntoViewIfNeeded();
  await shoot(reader, 'timeline-all-kinds');
  await expectNoAxeViolations(reader);

  // Narrowed to notes and messages, by keyboard (Space toggles a chip).
  const filters = timeline.getByRole('group', { name: 'Show' });
  for (const kind of ['Payments and returns', 'Letters', 'Disputes', 'Staff actions']) {
    const chip = filters.getByRole('checkbox', { name: kind });
    await chip.focus();
    await reader.keyboard.press('Space');
    await expect(chip).not.toBeChecked();
  }
  await expect(entries.getByText(/^Payment #/)).toHaveCount(0);
  await expect(entries.getByText('Internal note by Olivia Chen', { exact: false })).toBeVisible();
  await expect(entries.getByText(/how much I need to pay off my loan/)).toBeVisible();
  // Notes only.
  await filters.getByRole('checkbox', { name: 'Messages' }).focus();
  await reader.keyboard.press('Space');
  await expect(entries.getByText(/how much I need to pay off my loan/)).toBeHidden();
  await expect(entries.getByText('Internal note by Olivia Chen', { exact: false })).toBeVisible();
  await shoot(reader, 'timeline-notes-only');
  await expectNoAxeViolations(reader);
  await filters.getByRole('button', { name: 'Show all' }).click();
  await expect(filters.getByRole('checkbox', { name: 'Staff actions' })).toBeChecked();

  // On a 1024 px screen the navbar keeps Mentions (its @ sign) and Log Out in view.
  await reader.setViewportSize({ width: 1024, height: 768 });
  await expect(reader.getByRole('link', { name: 'Mentions', exact: true })).toBeInViewport();
  await expect(reader.getByRole('button', { name: 'Log Out' })).toBeInViewport({ ratio: 1 });
  await reader.evaluate(() => window.scrollTo(0, 0));
  await shoot(reader, 'notes-navbar-1024');
  await reader.context().close();
});
