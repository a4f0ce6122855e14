import { DEMO_EMAIL, expect, goOnline, screenshot, signIn, test } from './fixtures.ts';

const ticketHeading = /^Ticket #\d+$/;

function idOf(heading: string | null): number {
  const id = Number(heading?.replace('Ticket #', ''));
  if (!Number.isInteger(id) || id <= 0) throw new Error(`Not a ticket heading: ${heading}`);
  return id;
}

test('an agent reads the first ticket, answers it with a macro and moves on to the next', async ({ page }) => {
  await signIn(page, DEMO_EMAIL);
  await goOnline(page);

  // The first ticket of the queue: thread, reply box and the customer's panels.
  const heading = page.getByRole('heading', { name: ticketHeading });
  await expect(heading).toBeVisible();
  const firstId = idOf(await heading.textContent());
  await expect(page.getByRole('list', { name: 'Message thread' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Communications' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Loan Information' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Escalate #${firstId}` })).toBeVisible();
  await screenshot(page, 'workspace-ticket', { fullPage: true });

  // #change_phone + Enter fills the macro from the customer's account and asks the agent for the new
  // number (decision 061); the text then takes the shortcut's place.
  const reply = page.getByRole('textbox', { name: 'Reply' });
  await reply.click();
  await reply.pressSequentially('#change_phone');
  await reply.press('Enter');
  const form = page.getByRole('dialog', { name: 'Fill in #change_phone' });
  await expect(form.getByRole('textbox', { name: 'New phone number' })).toBeFocused();
  await screenshot(page, 'workspace-macro-form', { animations: 'disabled' });
  await form.getByRole('textbox', { name: 'New phone number' }).fill('559 555 0143');
  await form.getByRole('button', { name: 'Insert' }).click();
  await expect(form).toBeHidden();
  await expect(reply).toHaveValue(
    /^Hi [^{}\s]+, your phone number is now \(559\) 555-0143\. You'll get our texts and payment reminders there from now on\.$/,
  );
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeEnabled();
  await screenshot(page, 'workspace-macro-expanded', { fullPage: true });

  // Send: the ticket closes, the marker shows, and the next ticket of the queue takes its place.
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: `Ticket #${firstId} sent` })).toBeVisible();
  await expect(heading).not.toHaveText(`Ticket #${firstId}`);
  const nextId = idOf(await heading.textContent());
  expect(nextId).not.toBe(firstId);
  await expect(reply).toHaveValue('');
  await screenshot(page, 'workspace-next-ticket', { fullPage: true });

  // The marker goes after three seconds.
  await expect(page.getByText(`Ticket #${firstId} sent`)).toBeHidden({ timeout: 6_000 });
});

test('the keyboard moves through the queue and the help lists the shortcuts', async ({ page }) => {
  await signIn(page, DEMO_EMAIL);
  await goOnline(page);
  const heading = page.getByRole('heading', { name: ticketHeading });
  await expect(heading).toBeVisible();
  const firstId = idOf(await heading.textContent());

  await page.locator('body').press('j');
  await expect(heading).not.toHaveText(`Ticket #${firstId}`);

  await page.locator('body').press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.getByText('Close the ticket')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // Going offline clears the workspace.
  await page.getByRole('switch', { name: 'Online' }).click({ force: true });
  await expect(page.getByText('You are offline')).toBeVisible();
  await expect(heading).toBeHidden();
});

// Archive and Close change the badges at once, not at the queue's next poll (30 s): an archived
// ticket can be sent back from the list right away.
test('archive and close update the archived list and the closed / waiting count at once', async ({ page }) => {
  await signIn(page, DEMO_EMAIL);
  await goOnline(page);
  const heading = page.getByRole('heading', { name: ticketHeading });
  await expect(heading).toBeVisible();
  const archivedBadge = page.getByRole('button', { name: /^Archived tickets: \d+$/ });
  const stats = page.getByRole('button', { name: /^Ticket statistics: / });
  const countOf = async (locator: typeof stats, pattern: RegExp) =>
    Number(pattern.exec((await locator.getAttribute('aria-label')) ?? '')?.[1]);
  const archivedBefore = await countOf(archivedBadge, /: (\d+)$/);
  const closedBefore = await countOf(stats, /: (\d+) closed by me/);

  // Well inside the poll's 30 s: what shows, shows at once.
  const soon = { timeout: 3_000 };
  const archivedId = idOf(await heading.textContent());
  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(heading).not.toHaveText(`Ticket #${archivedId}`, soon);
  await expect(page.getByRole('button', { name: `Archived tickets: ${archivedBefore + 1}` })).toBeVisible(soon);

  const closedId = idOf(await heading.textContent());
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(heading).not.toHaveText(`Ticket #${closedId}`, soon);
  await expect(stats).toHaveAttribute('aria-label', new RegExp(`: ${closedBefore + 1} closed by me`), soon);
  await screenshot(page, 'workspace-after-archive-close');

  // The archived ticket is in the list, and goes back to the queue from it.
  await archivedBadge.click();
  const drawer = page.getByRole('dialog', { name: 'Archived tickets' });
  await drawer.getByRole('button', { name: `Unarchive #${archivedId}` }).click(soon);
  await expect(drawer.getByRole('button', { name: `Unarchive #${archivedId}` })).toBeHidden(soon);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: `Archived tickets: ${archivedBefore}` })).toBeVisible(soon);
});
