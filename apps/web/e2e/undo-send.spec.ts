import { expectNoAxeViolations } from './axe.ts';
import {
  API_URL,
  INBOUND_EMAIL_SECRET,
  agentEmail,
  apiTokenOf,
  expect,
  goOffline,
  goOnline,
  shoot,
  signIn,
  test,
} from './fixtures.ts';

// Issue 40, part 5 (decision 065): a reply waits 10 s in the outbox with an Undo button; undone, it
// never leaves, and the ticket opens again with the reply in the box.

// agent11@ is Priya Patel in the demo.
const AGENT = agentEmail(11);

type ThreadMessage = { id: number; inbound: boolean; body: string; status: string; error: string | null };

test('an undo stops a send: the ticket opens again with the reply in the box, and the reply never leaves', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, AGENT);
  const stamp = Date.now();
  const email = [
    `From: Someone New <undo-${stamp}@example.net>`,
    'To: support@portal.example',
    'Subject: Is my payment late?',
    `Message-ID: <e2e-undo-${stamp}@example.net>`,
    `Date: ${new Date().toUTCString()}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Hi, is my payment late this month?',
    '',
  ].join('\r\n');
  const delivered = await page.request.post(`${API_URL}/webhooks/email`, {
    headers: { Authorization: `Bearer ${INBOUND_EMAIL_SECRET}`, 'Content-Type': 'message/rfc822' },
    data: email,
  });
  expect(delivered.ok(), await delivered.text()).toBe(true);
  const { ticket_id: ticketId } = (await delivered.json()) as { ticket_id: number };

  await goOnline(page);
  await page.goto(`/?ticket=${ticketId}`);
  await expect(page.getByRole('heading', { name: `Ticket #${ticketId}` })).toBeVisible();
  const text = 'Thanks for writing in. Your payment is not late; it is due on the 15th.';
  await page.getByRole('textbox', { name: 'Reply' }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();

  const bar = page.getByTestId('undo-send-bar');
  await expect(bar).toContainText(`Reply to ticket #${ticketId} is in the outbox; it leaves in`);
  await expect(page.getByRole('heading', { name: `Ticket #${ticketId}` })).toBeHidden();
  await shoot(page, 'undo-send-bar');
  // The bar itself (the next ticket may still be loading beside it, its buttons disabled meanwhile).
  await expectNoAxeViolations(page, { include: bar });

  // By keyboard: focus Undo, press Enter.
  const undo = bar.getByRole('button', { name: 'Undo' });
  await undo.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Ticket #${ticketId}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Reply' })).toHaveValue(text);
  await expect(bar).toBeHidden();
  await shoot(page, 'undo-send-reopened');

  // The reply stays in the thread as undone, and nothing is waiting to go out.
  const token = await apiTokenOf(page);
  const answer = await page.request.get(`${API_URL}/ticket?id=${ticketId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.ok()).toBe(true);
  const { messages } = (await answer.json()) as { messages: ThreadMessage[] };
  const reply = messages.find((message) => !message.inbound && message.body === text);
  expect(reply).toMatchObject({ status: 'undelivered', error: 'Undone by Priya Patel before it was sent.' });

  // Sent again and left alone: the bar goes when the window ends, and the reply is on its way.
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(bar).toBeVisible();
  await expect(bar).toBeHidden({ timeout: 15_000 });
  await goOffline(page);
});
