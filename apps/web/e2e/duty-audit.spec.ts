import { readFile } from 'node:fs/promises';
import { expectNoAxeViolations } from './axe.ts';
import { DEMO_EMAIL, expect, shoot, signIn, test } from './fixtures.ts';

// The duty audit (issue 39, decision 059) as compliance uses it: the demo supervisor (compliance
// role) opens it from the Dashboards menu, runs the month so far from the keyboard, reads the
// summary and downloads the CSV of the same rows. Read-only (the run's audit event aside).

test('duty audit: the range, the report and its CSV, from the keyboard', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_EMAIL);
  await page.getByRole('button', { name: 'Dashboards' }).click();
  await page.getByRole('menuitem', { name: 'Duty Audit' }).click();
  await expect(page).toHaveURL(/\/duty_audit$/);
  await expect(page.getByRole('heading', { name: 'Duty audit', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  // From the keyboard: Tab from the first date (through each date's month, day and year) reaches
  // the second date, then Run audit; Enter runs it.
  const run = page.getByRole('button', { name: 'Run audit' });
  await page.getByLabel('From').focus();
  let reachedTo = false;
  for (let step = 0; step < 8 && !(await run.evaluate((button) => button === document.activeElement)); step += 1) {
    await page.keyboard.press('Tab');
    reachedTo ||= await page.getByLabel('To').evaluate((input) => input === document.activeElement);
  }
  expect(reachedTo).toBe(true);
  await expect(run).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/messages delivered and \d[\d,]* debits presented from/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Breaches', level: 2 })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'duty-audit-report');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^duty-audit-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('record,record_id,customer_id,at,channel,sending_path,purpose,rule,sentence');
  // The same rows as the table (none when the month so far is clean).
  const rows = await page
    .getByRole('table', { name: /^Breaches from/ })
    .getByRole('row')
    .count();
  expect(csv.trimEnd().split('\r\n').length - 1).toBe(Math.max(0, rows - 1));
});
