import { expect, test, type Page } from '@playwright/test';
import { DEMO_EMAIL, goOnline, screenshotPath, signIn } from './fixtures.ts';

const ticketHeading = /^Ticket #\d+$/;
const paymentActions = /^Actions for payment #\d+$/;

// Moves through the queue (j) to the first ticket whose customer has a payment that still has actions.
async function openTicketWithPaymentActions(page: Page): Promise<void> {
  const heading = page.getByRole('heading', { name: ticketHeading });
  for (let tries = 0; tries < 15; tries += 1) {
    await expect(heading).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Loan Information' })).toBeVisible();
    if ((await page.getByRole('button', { name: paymentActions }).count()) > 0) return;
    const current = await heading.textContent();
    await page.locator('body').press('j');
    await expect(heading).not.toHaveText(current ?? '');
  }
  throw new Error('No ticket in the first 15 of the queue has a payment with actions.');
}

test('an agent moves a due payment to a later weekday from the ticket', async ({ page }) => {
  await signIn(page, DEMO_EMAIL);
  await goOnline(page);
  await openTicketWithPaymentActions(page);

  const actions = page.getByRole('button', { name: paymentActions }).first();
  const paymentId = (await actions.getAttribute('aria-label'))?.replace('Actions for payment #', '');
  await actions.click();
  await page.getByRole('menuitem', { name: 'Change date…' }).click();

  // The picker opens on two weeks after due (a weekday, today at the earliest) in the business zone.
  const dialog = page.getByRole('dialog');
  const move = dialog.getByRole('button', { name: /^Move to / });
  await expect(move).toBeEnabled();
  const newDate = (await move.textContent())?.replace('Move to ', '') ?? '';
  await page.screenshot({ path: screenshotPath('payment-change-date'), fullPage: true });
  await move.click();

  // The server's sentence is flashed, the dialog closes, and the refreshed ticket shows the new date.
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').first()).toBeVisible();
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Actions for payment #${paymentId}` }) });
  await expect(row).toContainText(newDate);
});
