import type { Page } from '@playwright/test';
import { DEMO_EMAIL, expect, shoot, signIn, test } from './fixtures.ts';

// Income review as underwriting works it (spec 001 sections 2-5, 8, 9): the demo's first start
// kept three loans' paystubs (a PDF, a photo, and a new PDF after an old one already read). Verify
// one after the form's refusals, re-request another with reasons, verify the last, and the queue
// says there is nothing left.

const businessToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function fillValid(page: Page, form: ReturnType<Page['getByRole']>) {
  await form.getByLabel("The name on the documents matches the user's name").check();
  await form.getByLabel('Paystub date').fill(addDays(businessToday(), -3));
  await form.getByLabel('Gross income').fill('1846.15');
  await form.getByLabel('Net income').fill('1423.10');
  await form.getByLabel('Frequency').selectOption('Bi-weekly');
}

test('review paystubs: refusals of the verify form, verify, re-request, and the empty queue', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, DEMO_EMAIL);
  await page.getByRole('button', { name: 'Dashboards' }).click();
  await page.getByRole('menuitem', { name: 'Income Review' }).click();
  await expect(page).toHaveURL(/\/income$/);
  await expect(page.getByRole('heading', { name: 'Income Review' })).toBeVisible();
  await expect(page.getByText('3 loans need review')).toBeVisible();
  const loan = page.getByRole('region', { name: 'Loan under review' });
  await expect(loan).toBeVisible();
  const form = page.getByRole('form', { name: 'Verify Income' });

  // The form's rules: each refusal says what is wrong and nothing is sent.
  await form.getByRole('button', { name: 'Verify Income' }).click();
  await expect(
    page.getByText(
      "Please confirm that the name on the documents matches the user's name. If the names do not match, please re-request documents.",
    ),
  ).toBeVisible();
  await fillValid(page, form);
  await form.getByLabel('Net income').fill('1900');
  await form.getByLabel('Paystub date').fill(addDays(businessToday(), 31));
  await form.getByRole('button', { name: 'Verify Income' }).click();
  await expect(page.getByText('Net income cannot be more than gross income.')).toBeVisible();
  await expect(page.getByText(/The paystub can be dated at most 30 days from today/)).toBeVisible();
  await shoot(page, 'income-verify-refusals');

  // A valid form: verified, and the next loan comes up.
  const firstLoan = await loan.textContent();
  await fillValid(page, form);
  await form.getByRole('button', { name: 'Verify Income' }).click();
  await expect(
    page.getByText(/Income of loan \d+ verified: \$1,846\.15 gross, \$1,423\.10 net, Bi-weekly\./),
  ).toBeVisible();
  await expect(page.getByText('2 loans need review')).toBeVisible();
  await expect(loan).not.toHaveText(firstLoan ?? '');

  // Re-request the second: at least one reason.
  await page.getByText('Re-request Documents', { exact: true }).click();
  const rerequest = page.getByRole('form', { name: 'Re-request Documents' });
  await rerequest.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Choose at least one reason.')).toBeVisible();
  await rerequest.getByLabel('Unreadable or blurry').check();
  await rerequest.getByLabel('Too old').check();
  await rerequest.getByLabel('Note').fill('Please send your most recent paystub.');
  await shoot(page, 'income-rerequest');
  await rerequest.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(/A new paystub was requested for loan \d+ by (text|email)\./)).toBeVisible();
  await expect(page.getByText('1 loan needs review')).toBeVisible();

  // The last one had an older stub already read: both are listed.
  await page.getByText('Verify Income', { exact: true }).first().click();
  await expect(page.getByRole('list', { name: 'Paystubs of the loan' }).getByRole('listitem')).toHaveCount(2);
  await shoot(page, 'income-second-stub');
  await fillValid(page, form);
  await form.getByRole('button', { name: 'Verify Income' }).click();
  await expect(page.getByText('There are no loans that need review')).toBeVisible();
  await shoot(page, 'income-empty');
});
