import {
  API_URL,
  INBOUND_EMAIL_SECRET,
  agentEmail,
  expect,
  goOffline,
  goOnline,
  screenshot,
  signIn,
  test,
} from './fixtures.ts';

// A raw MIME email from an address no customer has, so the ticket it opens is matched to nobody.
function unknownSenderEmail(stamp: number): string {
  return [
    `From: Pat Newcomer <pat.newcomer.${stamp}@example.net>`,
    'To: support@portal.example',
    'Subject: Question about my account',
    `Message-ID: <e2e-${stamp}@example.net>`,
    `Date: ${new Date().toUTCString()}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Hello, I applied last week with another address. Can you tell me where my application stands?',
    '',
  ].join('\r\n');
}

test('a ticket from an unknown sender is linked to a customer by ID', async ({ page, request }) => {
  const delivered = await request.post(`${API_URL}/webhooks/email`, {
    headers: { Authorization: `Bearer ${INBOUND_EMAIL_SECRET}`, 'Content-Type': 'message/rfc822' },
    data: unknownSenderEmail(Date.now()),
  });
  expect(delivered.ok()).toBe(true);
  const { ticket_id: ticketId } = (await delivered.json()) as { ticket_id: number };
  expect(ticketId).toBeGreaterThan(0);

  await signIn(page, agentEmail(7));
  await goOnline(page);
  await page.goto(`/?ticket=${ticketId}`);

  await expect(page.getByRole('heading', { name: `Ticket #${ticketId}` })).toBeVisible();
  const link = page.getByRole('region', { name: 'Link Account' });
  await expect(link).toBeVisible();
  await expect(page.getByText('Hello, I applied last week with another address.')).toBeVisible();
  await screenshot(page, 'workspace-link-account', { fullPage: true });

  await link.getByRole('textbox', { name: 'Customer ID' }).fill('1');
  await link.getByRole('button', { name: 'Link' }).click();

  await expect(page.getByRole('status').filter({ hasText: `Ticket #${ticketId} linked to customer #1` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Personal Information' })).toBeVisible();
  await expect(page.getByText('Customer #1', { exact: true })).toBeVisible();
  await expect(link).toBeHidden();
  await screenshot(page, 'workspace-linked-customer', { fullPage: true });

  // Offline again: the queue's tickets agent 7 was handed go back, for the specs that work it next.
  await goOffline(page);
});
