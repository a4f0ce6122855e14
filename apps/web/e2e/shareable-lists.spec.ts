import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { agentEmail, DEMO_EMAIL, expect, shoot, signIn, test } from './fixtures.ts';

// Lists people can share (issue 40, decision 060): a list's filters, sort and page live in its URL,
// so a reload or the copied link opens the same view and Back and Forward step through the views;
// Export CSV saves the rows under the same filters. Read-only (each export's audit event aside).

const firstRow = async (page: Page, name: RegExp) =>
  (await page.getByRole('row', { name }).first().getAttribute('aria-label')) ?? '';
// The users of a survey's page, by the links to their answers.
const firstUser = async (page: Page) =>
  (await page
    .getByRole('link', { name: /^View answers of / })
    .first()
    .getAttribute('aria-label')) ?? '';

// Does what changes a list's view and waits for the list's answer to it, shown (no rows of the
// view before it left, which stay dimmed and aria-busy while it loads).
async function changeView(page: Page, call: string, query: RegExp, action: () => Promise<void>): Promise<void> {
  const answered = page.waitForResponse(
    (response) => response.url().includes(`/internal/api/${call}?`) && query.test(response.url()) && response.ok(),
  );
  await action();
  await answered;
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test('the users who answered a survey: filter and page, reload and share the link, go back, export', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO_EMAIL);
  await page.goto('/surveys');
  await page.getByRole('link', { name: 'View results of Loan experience' }).click();
  await expect(page).toHaveURL(/\/surveys\/loan-experience$/);
  await expect(page.getByRole('heading', { name: 'Users who answered', level: 2 })).toBeVisible();

  // Those who answered in the last 150 days (of the demo's 180), oldest answer first (the header,
  // from the keyboard), then page 2.
  const since = new Date(Date.now() - 150 * 86_400_000).toISOString().slice(0, 10);
  await changeView(page, 'survey_results', new RegExp(`since=${since}`), () =>
    page.getByLabel('Answered since').fill(since),
  );
  await expect(page).toHaveURL(new RegExp(`/surveys/loan-experience\\?since=${since}$`));
  await page.getByRole('button', { name: 'Answered', exact: true }).focus();
  await changeView(page, 'survey_results', /sort=answered_at&/, () => page.keyboard.press('Enter'));
  await expect(page).toHaveURL(new RegExp(`\\?since=${since}&sort=answered_at$`));
  await expect(page.getByRole('columnheader', { name: /Answered/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByText('Oldest first, 50 a page.')).toBeVisible();
  const total = Number((await page.getByLabel('Users who answered count').textContent())?.replace(/,/g, ''));
  expect(total).toBeGreaterThan(50);
  const firstOfPageOne = await firstUser(page);
  await changeView(page, 'survey_results', /page=2/, () =>
    page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Page 2' }).click(),
  );
  await expect(page).toHaveURL(new RegExp(`\\?since=${since}&sort=answered_at&page=2$`));
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  const firstOfPageTwo = await firstUser(page);
  expect(firstOfPageTwo).not.toBe(firstOfPageOne);
  await expectNoAxeViolations(page);
  await shoot(page, 'shareable-lists-survey-users-page-2');

  // A reload keeps the view.
  await page.reload();
  await expect(page.getByLabel('Answered since')).toHaveValue(since);
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect.poll(() => firstUser(page)).toBe(firstOfPageTwo);

  // The copied link, opened in another tab, shows the same view.
  const shared = await page.context().newPage();
  await shared.goto(page.url());
  await expect(shared.getByLabel('Answered since')).toHaveValue(since);
  await expect(shared.getByRole('columnheader', { name: /Answered/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(() => firstUser(shared)).toBe(firstOfPageTwo);
  await shared.close();

  // Back returns to page 1, Forward to page 2.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`\\?since=${since}&sort=answered_at$`));
  await expect.poll(() => firstUser(page)).toBe(firstOfPageOne);
  await page.goForward();
  await expect(page).toHaveURL(/&page=2$/);
  await expect.poll(() => firstUser(page)).toBe(firstOfPageTwo);

  // Export: every user the filter keeps, oldest answer first, whatever the page.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^survey-users-loan-experience-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFFUser ID,First Name,Last Name,Answered At\r\n')).toBe(true);
  const lines = csv.slice(1).trimEnd().split('\r\n').slice(1);
  expect(lines).toHaveLength(total);
  const times = lines.map((line) => line.split(',').at(-1)!);
  expect(times).toEqual([...times].sort());
  expect(times[0]! >= since).toBe(true);
  const [, first, last] = lines[0]!.split(',');
  expect(firstOfPageOne).toBe(`View answers of ${first} ${last}`);
  await expect(
    page.getByText(`Exported ${total.toLocaleString('en-US')} users to ${download.suggestedFilename()}.`),
  ).toBeVisible();
  await shoot(page, 'shareable-lists-survey-users-exported');

  // A plain agent opens the same link and sees the same view, without Export.
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await signIn(agent, agentEmail(2));
  const url = new URL(page.url());
  await agent.goto(url.pathname + url.search);
  await expect.poll(() => firstUser(agent)).toBe(firstOfPageTwo);
  await expect(agent.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  await agentContext.close();
});

test('the archived tickets as a page: a channel from the URL, a reload, the export', async ({ page }) => {
  await signIn(page, DEMO_EMAIL);
  await page.getByRole('button', { name: 'Dashboards' }).click();
  await page.getByRole('menuitem', { name: 'Archived Tickets' }).click();
  await expect(page).toHaveURL(/\/tickets\/archived$/);
  await expect(page.getByRole('heading', { name: 'Archived tickets', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: /^Ticket \d+$/ }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('combobox', { name: 'Channel' }).click();
  await changeView(page, 'tickets/archived', /channel=text/, () =>
    page.getByRole('option', { name: 'Texts', exact: true }).click(),
  );
  await expect(page).toHaveURL(/\/tickets\/archived\?channel=text$/);
  await changeView(page, 'tickets/archived', /sort=archived_at&/, () =>
    page.getByRole('button', { name: 'Archived', exact: true }).click(),
  );
  await expect(page).toHaveURL(/\?channel=text&sort=archived_at$/);
  const shown = await firstRow(page, /^Ticket \d+$/);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Channel' })).toHaveValue('Texts');
  await expect.poll(() => firstRow(page, /^Ticket \d+$/)).toBe(shown);
  await expectNoAxeViolations(page);
  await shoot(page, 'shareable-lists-archived-texts');
  const total = Number(await page.getByLabel('Archived tickets count').textContent());
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const lines = (await readFile(await download.path(), 'utf8')).slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe('Ticket ID,User ID,Name,Channel,Contact,Subject,Message,Created At,Archived At,Escalated By');
  expect(lines).toHaveLength(total + 1);
  expect(lines.slice(1).every((line) => line.split(',')[3] === 'text')).toBe(true);
  expect(`Ticket ${lines[1]!.split(',')[0]}`).toBe(shown);
});

test('the disputes and the staff: a filtered, sorted view from its URL, and their exports', async ({ page }) => {
  await signIn(page, DEMO_EMAIL);
  await page.goto('/disputes/unresolved?sort=-id&status=bogus&page=0');
  // Bad values fall back to their defaults, and the URL says what is shown.
  await expect(page).toHaveURL(/\/disputes\/unresolved\?sort=-id$/);
  await expect(page.getByRole('heading', { name: 'Unresolved Disputes' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /ID/ })).toHaveAttribute('aria-sort', 'descending');
  const ids = await page
    .getByRole('row', { name: /^Dispute \d+$/ })
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('aria-label')?.split(' ')[1])));
  expect(ids.length).toBeGreaterThan(0);
  expect(ids).toEqual([...ids].sort((a, b) => b - a));
  await expectNoAxeViolations(page);
  await shoot(page, 'shareable-lists-disputes');
  const [disputes] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const disputeRows = (await readFile(await disputes.path(), 'utf8')).slice(1).trimEnd().split('\r\n');
  expect(disputeRows[0]).toBe('ID,Customer Name,User ID,Status,Assigned To,Due Date,Overdue,Failed Attempts');
  expect(disputeRows.slice(1, ids.length + 1).map((row) => Number(row.split(',')[0]))).toEqual(ids);

  // The staff list: a search and a role, from the URL and from the form.
  await page.goto('/admin/staff?role=escalations');
  await expect(page.getByRole('combobox', { name: 'Role' })).toHaveValue('escalations');
  // Employee 12 (Priya Patel) holds the escalations role, as the demo supervisor does; Maria does not.
  await expect(page.getByRole('row', { name: 'Priya Patel' })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Maria Delgado' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Name or email' }).fill('priya');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/staff\?q=priya&role=escalations$/);
  await expect(page.getByRole('row', { name: 'Demo Supervisor' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, 'shareable-lists-staff');
  const [staff] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(staff.suggestedFilename()).toMatch(/^staff-\d{4}-\d{2}-\d{2}\.csv$/);
  const staffRows = (await readFile(await staff.path(), 'utf8')).slice(1).trimEnd().split('\r\n');
  expect(staffRows).toHaveLength(2);
  expect(staffRows[1]).toMatch(/^12,Priya Patel,agent11@portal\.example,agent; approver; escalations,/);
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/staff\?role=escalations$/);
  await expect(page.getByRole('textbox', { name: 'Name or email' })).toHaveValue('');
});
