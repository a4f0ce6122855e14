import { expect, test, type Page } from '@playwright/test';
import { DEMO_EMAIL, screenshotPath, signIn } from './fixtures.ts';

// The customer-service dashboard (spec 001 sections 2, 5, 9) over the demo's tickets and messages.

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: screenshotPath(name), fullPage: true, animations: 'disabled' });
}

test('the CS dashboard: quick ranges, metric cards with their explanations, the chart and the employees', async ({
  page,
}) => {
  await signIn(page, DEMO_EMAIL);
  await page.getByRole('button', { name: 'Analytics' }).click();
  await page.getByRole('menuitem', { name: 'CS' }).click();
  await expect(page).toHaveURL(/\/visualize\/cs$/);
  await expect(page.getByRole('heading', { name: 'Customer service analytics' })).toBeVisible();

  await page.getByRole('button', { name: 'Year' }).click();
  const conversations = page.getByRole('group', { name: 'Conversations', exact: true });
  await expect(conversations).toContainText(/\d/);
  const count = Number((await conversations.locator('p').nth(1).innerText()).replace(/,/g, ''));
  expect(count).toBeGreaterThan(0);
  await expect(page.getByRole('group', { name: 'Average first response' })).toContainText(/answered tickets/);
  await expect(page.getByRole('heading', { name: 'Texts and emails' })).toBeVisible();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Ticket analytics per employee' })).toBeVisible();

  // Every figure says how it is computed.
  await page.getByText('Adjusted first response', { exact: true }).hover();
  await expect(page.getByRole('tooltip')).toContainText('business hours only');
  await page.getByText('Median handling', { exact: true }).hover();
  await expect(page.getByRole('tooltip')).toContainText('histogram');

  // Auto-responses: the three figures and the texts sent (the demo's after-hours conversations
  // were answered by the Portal, decision 035).
  const autoResponses = page.getByRole('group', { name: 'Auto-responses' });
  await expect(autoResponses.getByRole('group', { name: 'Auto-responded' })).toContainText(/[1-9]/);
  await expect(autoResponses.getByRole('table', { name: 'Auto-response texts' })).toContainText('Hi ');
  // Payment updates by customers, by staff and both (the demo's rescheduled and switched payments).
  const paymentUpdates = page.getByRole('group', { name: 'Payment updates' });
  await expect(paymentUpdates.getByRole('group', { name: 'Total' })).toContainText(/[1-9]/);
  await shoot(page, 'analytics-year');

  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page.getByText('Messages in and out per hour')).toBeVisible();
  await shoot(page, 'analytics-today');
  // An unknown chart shows nothing.
  await page.goto('/visualize/other');
  await expect(page.getByRole('heading', { name: 'Customer service analytics' })).toHaveCount(0);
});
