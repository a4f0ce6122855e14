import type { Page } from '@playwright/test';
import {
  API_URL,
  DEMO_EMAIL,
  apiTokenOf,
  expect,
  goOnline,
  isTaken,
  screenshot,
  signIn,
  take,
  test,
} from './fixtures.ts';

const paymentActions = /^Actions for payment #\d+$/;

type TicketView = { loans: Record<string, { payments: Array<{ state: string }> }> };

// A ticket of my queue whose customer (one no other spec took) has a payment still due (so it has
// actions), opened by its deep link: which tickets come first depends on what the other specs of
// the worker did before.
async function openTicketWithPaymentActions(page: Page): Promise<void> {
  const headers = { authorization: `Bearer ${await apiTokenOf(page)}` };
  const queue = await page.request.get(`${API_URL}/tickets?num=25`, { headers });
  const { openTickets } = (await queue.json()) as { openTickets: Array<{ id: number; user_id: number | null }> };
  for (const { id, user_id: customerId } of openTickets) {
    if (customerId === null || isTaken(customerId)) continue;
    const view = (await (
      await page.request.get(`${API_URL}/ticket?id=${id}&preview=true`, { headers })
    ).json()) as TicketView;
    const due = Object.values(view.loans).some((loan) => loan.payments.some((payment) => payment.state === 'due'));
    if (due) {
      take(customerId);
      await page.goto(`/?ticket=${id}`);
      await expect(page.getByRole('heading', { name: `Ticket #${id}` })).toBeVisible();
      await expect(page.getByRole('button', { name: paymentActions }).first()).toBeVisible();
      return;
    }
  }
  throw new Error('No ticket of my queue has a payment still due.');
}

test('an agent moves a due payment to a later weekday from the ticket', async ({ page }) => {
  await signIn(page, DEMO_EMAIL);
  await goOnline(page);
  await openTicketWithPaymentActions(page);

  // A due payment's menu (a paid one offers the supervisor a refund, not a date).
  const actions = page
    .getByRole('row')
    .filter({ has: page.getByText('Due', { exact: true }) })
    .getByRole('button', { name: paymentActions })
    .first();
  const paymentId = (await actions.getAttribute('aria-label'))?.replace('Actions for payment #', '');
  await actions.click();
  await page.getByRole('menuitem', { name: 'Change date…' }).click();

  // The picker opens on two weeks after due (a weekday, today at the earliest) in the business zone.
  const dialog = page.getByRole('dialog');
  const move = dialog.getByRole('button', { name: /^Move to / });
  await expect(move).toBeEnabled();
  const newDate = (await move.textContent())?.replace('Move to ', '') ?? '';
  await screenshot(page, 'payment-change-date', { fullPage: true });
  await move.click();

  // The server's sentence is flashed, the dialog closes, and the refreshed ticket shows the new date.
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').first()).toBeVisible();
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Actions for payment #${paymentId}` }) });
  await expect(row).toContainText(newDate);
});
