import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { API_URL, DEMO_EMAIL, agentEmail, apiTokenOf, expect, shoot, signIn, test } from './fixtures.ts';

// Four eyes and the ACH file (issue 41): the demo supervisor refunds a customer's ACH payment; it
// waits, shown on the loan card; a second supervisor (agent11, employee 12, the approver role)
// approves it from the navbar's Approvals; the supervisor, a payments admin, builds the day's ACH
// file from Dashboards, and the file carries the refund to the customer's account as a credit.
// Building the file marks the day's debits processing, so this spec has a database of its own.
test.use({ ownDatabase: true });

type Loan = {
  id: number;
  display_status: string;
  payments: Array<{ id: number; state: string; method: string; refundable?: boolean; refunded?: string | null }>;
};

// A demo customer whose newest loan has a paid ACH payment that may still be refunded.
async function findRefundable(page: Page): Promise<{ customerId: number; loanId: number; paymentId: number }> {
  const headers = { authorization: `Bearer ${await apiTokenOf(page)}` };
  for (let id = 2; id < 600; id += 1) {
    const response = await page.request.get(`${API_URL}/users/search?parameter=ID&search=${id}`, { headers });
    if (!response.ok()) continue;
    const { loans } = (await response.json()) as { loans: Loan[] };
    // The newest loan, which the user page shows open (older ones are folded away).
    const loan = loans[0];
    // Its latest such payment: the card lists the recent payments first.
    const paid = loan?.payments
      .filter(
        (payment) => payment.state === 'paid' && payment.method === 'ach' && payment.refundable && !payment.refunded,
      )
      .at(-1);
    if (loan && paid) return { customerId: id, loanId: loan.id, paymentId: paid.id };
  }
  throw new Error('No demo customer has a refundable ACH payment.');
}

test('a refund waits for a second employee, then goes to the bank in the ACH file', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO_EMAIL);
  const { customerId, loanId, paymentId } = await findRefundable(page);

  // The supervisor asks for the refund: it waits, and the loan card says so.
  await page.goto(`/user?ID=${customerId}`);
  const card = page.getByRole('article', { name: `Loan #${loanId}` });
  await expect(card.getByRole('table').first()).toBeVisible();
  const showAll = card.getByRole('button', { name: /^Show all \d+ payments$/ });
  if ((await showAll.count()) > 0) await showAll.click();
  await card.getByRole('button', { name: `Actions for payment #${paymentId}` }).click();
  await page.getByRole('menuitem', { name: 'Refund…' }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`payment #${paymentId}$`) });
  await dialog.getByRole('button', { name: /^Refund \$/ }).click();
  await expect(
    page.getByText(new RegExp(`^Refund of payment ${paymentId} \\(\\$[\\d,.]+\\) is awaiting approval`)),
  ).toBeVisible();
  await expect(card.getByText('Awaiting approval', { exact: true })).toBeVisible();
  await expect(card.getByText(new RegExp(`Refund of payment ${paymentId} .*asked by Demo Supervisor`))).toBeVisible();
  await expectNoAxeViolations(page, { include: card });
  await shoot(page, 'four-eyes-loan-card-waiting');

  // The second supervisor approves it from the navbar's Approvals.
  await signIn(page, agentEmail(11));
  await page.getByRole('link', { name: /^Approvals, \d+ waiting$/ }).click();
  await expect(page).toHaveURL(/\/approvals$/);
  const item = page.getByRole('listitem', { name: new RegExp(`^Refund of payment ${paymentId} `) });
  await expect(item.getByText(/Asked by Demo Supervisor/)).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'four-eyes-approvals-inbox');
  await item.getByRole('button', { name: 'Approve' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(new RegExp(`^Approved: Payment ${paymentId} of \\$[\\d,.]+ is refunded`))).toBeVisible();
  await expect(item).toHaveCount(0);
  // The navbar keeps Log Out in view with Approvals beside Mentions, on a laptop's 1440 px.
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeInViewport({ ratio: 1 });

  // The payments admin builds the day's file; the refund is in it as a credit.
  await signIn(page, DEMO_EMAIL);
  await page.getByRole('button', { name: 'Dashboards' }).click();
  await page.getByRole('menuitem', { name: 'ACH Files' }).click();
  await expect(page).toHaveURL(/\/ach$/);
  await expect(page.getByRole('heading', { name: 'ACH files', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  // The supervisor's navbar (every menu, Mentions and Approvals) keeps Log Out in view at 1024 px.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(page.getByRole('link', { name: /^Approvals/ })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeInViewport({ ratio: 1 });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'Build the ACH file' }).click();
  const built = page.getByRole('status').filter({ hasText: 'File built' });
  await expect(
    built.getByText(
      /^ACH file ach-\d{4}-\d{2}-\d{2}-[A-Z0-9]\.txt is ready: [\d,]+ debits? \(.+\) and [1-9]\d* refunds? \(.+\)/,
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'four-eyes-ach-file-built');
  const files = page.getByRole('table', { name: 'ACH files, newest first' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    files
      .getByRole('button', { name: /^Download ach-/ })
      .first()
      .click(),
  ]);
  const text = await readFile(await download.path(), 'utf8');
  const lines = text.split('\n').filter(Boolean);
  expect(lines.every((line) => line.length === 94)).toBe(true);
  expect(lines.length % 10).toBe(0);
  // The credit entry (transaction code 22, checking) names the payment in its individual id.
  const credit = lines.find((line) => line.startsWith('622') && line.slice(39, 54).trim() === String(paymentId));
  expect(credit, `a credit entry for payment ${paymentId}`).toBeDefined();
});
