import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import {
  API_URL,
  DEMO_EMAIL,
  agentEmail,
  apiTokenOf,
  expect,
  isTaken,
  shoot,
  storeSession,
  take,
  test,
} from './fixtures.ts';

// The credit-bureau side as the credit reporting desk works it (spec 001 sections 2, 3, 4, 5, 7, 8,
// 9): answer the ACDV requests the demo's first start imported (one with the consumer's letter as
// its image, one naming an account the Portal does not have), skip and start over, record the
// answers in a response file, import more; then look a loan up, file and discharge a bankruptcy
// and send the 103 mailer.

type Loan = { id: number; display_status: string };

const IMPORT_EXAMPLE = fileURLToPath(new URL('../../../docs/examples/acdv-requests.json', import.meta.url));
// Today where the lender works, as the server counts it.
const businessToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

// A demo customer no other spec took whose loans are all paid off, from the last ones down: a
// bankruptcy recorded on them changes no loan another spec works.
async function findPaidOffCustomer(page: Page): Promise<{ customerId: number; loanId: number }> {
  const headers = { authorization: `Bearer ${await apiTokenOf(page)}` };
  for (let id = 600; id >= 2; id -= 1) {
    if (isTaken(id)) continue;
    const response = await page.request.get(`${API_URL}/users/search?parameter=ID&search=${id}`, { headers });
    if (!response.ok()) continue;
    const { loans } = (await response.json()) as { loans: Loan[] };
    if (loans.length > 0 && loans.every((loan) => loan.display_status === 'PAID OFF'))
      return { customerId: take(id), loanId: loans[0]!.id };
  }
  throw new Error('No demo customer has only paid-off loans.');
}

const requestHeading = (page: Page) => page.getByRole('heading', { name: /^ACDV \S+$/ });
const controlNumberOf = async (page: Page) => ((await requestHeading(page).textContent()) ?? '').replace(/^ACDV /, '');

test('answer ACDV requests: the image, a misrouted one, skip, start over, record the answers, import more', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await storeSession(page, DEMO_EMAIL);
  await page.goto('/fcra');
  await expect(page.getByRole('heading', { name: 'FCRA', exact: true })).toBeVisible();
  await expect(requestHeading(page)).toBeVisible();
  await expect(page.getByText(/^\d+ remaining$/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Consumer' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Account' })).toBeVisible();
  await shoot(page, 'fcra-acdv-request');

  // Through the queue, earliest response due first: the overdue identity fraud claim with its
  // letter, then the others; the one naming no loan of ours is answered 04.
  let sawImage = false;
  let answeredMisrouted = false;
  const seen: string[] = [];
  for (let turn = 0; turn < 12 && !answeredMisrouted; turn += 1) {
    await expect(requestHeading(page)).toBeVisible();
    const controlNumber = await controlNumberOf(page);
    expect(seen).not.toContain(controlNumber);
    seen.push(controlNumber);
    if (await page.getByRole('heading', { name: 'Dispute image' }).isVisible()) {
      const frame = page.getByTitle(`Dispute image of ACDV ${controlNumber}`);
      await expect(frame).toBeVisible();
      await expect(frame).toHaveAttribute('src', /^blob:/);
      await expect(page.getByText('Overdue')).toBeVisible();
      await shoot(page, 'fcra-acdv-with-image');
      sawImage = true;
    }
    if (await page.getByText(/No loan in the Portal matches account number/).isVisible()) {
      await shoot(page, 'fcra-acdv-misrouted');
      await page.getByLabel('Response code').selectOption('04');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByText(`ACDV ${controlNumber} answered 04: Misrouted, please reroute.`)).toBeVisible();
      answeredMisrouted = true;
    } else {
      await page.getByRole('button', { name: 'Skip' }).click();
      await expect(
        requestHeading(page).or(page.getByText('No ACDV requests are waiting for a response.')),
      ).not.toHaveText(`ACDV ${controlNumber}`);
    }
  }
  expect(sawImage).toBe(true);
  expect(answeredMisrouted).toBe(true);

  // Skip what is left until none is: then start over with an empty skip list.
  const empty = page.getByText('No ACDV requests are waiting for a response.');
  for (let turn = 0; turn < 12 && !(await empty.isVisible()); turn += 1) {
    await expect(requestHeading(page).or(empty)).toBeVisible();
    if (await empty.isVisible()) break;
    const controlNumber = await controlNumberOf(page);
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(requestHeading(page).or(empty)).not.toHaveText(`ACDV ${controlNumber}`);
  }
  await expect(empty).toBeVisible();
  await shoot(page, 'fcra-acdv-none-left');
  await page.getByRole('button', { name: 'Start over with the skipped requests' }).click();
  await expect(requestHeading(page)).toBeVisible();

  // Answer one: a verification changed by keyboard-reachable controls, the response code chosen.
  const controlNumber = await controlNumberOf(page);
  const street = page.getByRole('radiogroup', { name: 'Verification of Street' });
  await street.getByText('UNKN', { exact: true }).click();
  await expect(street.getByRole('radio', { name: 'UNKN' })).toBeChecked();
  await page.getByLabel('Response code').selectOption('01');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByText(`ACDV ${controlNumber} answered 01: Account information accurate as of date reported.`),
  ).toBeVisible();
  await expect(requestHeading(page).or(empty)).not.toHaveText(`ACDV ${controlNumber}`);

  // Record the two answers in a response file, and download it.
  const desk = page.getByRole('complementary', { name: 'Credit reporting desk' });
  await expect(desk.getByText('2 answered requests are waiting to be recorded.')).toBeVisible();
  await desk.getByRole('button', { name: 'Record and process' }).click();
  await expect(
    page.getByText(/^Recorded 2 ACDV responses in acdv-responses-.*; they are marked processed\.$/),
  ).toBeVisible();
  const files = desk.getByRole('table', { name: 'Recent files' });
  const fileName = files.getByText(/^acdv-responses-\d{4}-\d{2}-\d{2}-\d+\.json$/).first();
  await expect(fileName).toBeVisible();
  const name = (await fileName.textContent()) ?? '';
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    files.getByRole('button', { name: `Download ${name}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(name);
  await shoot(page, 'fcra-acdv-recorded');

  // Import the documented example file; a second import only finds duplicates.
  const input = desk.getByLabel('ACDV request files');
  await input.setInputFiles(IMPORT_EXAMPLE);
  await desk.getByRole('button', { name: 'Import' }).click();
  await expect(desk.getByText('Imported:')).toContainText('Imported: 3');
  await shoot(page, 'fcra-acdv-imported');
  await input.setInputFiles(IMPORT_EXAMPLE);
  await desk.getByRole('button', { name: 'Import' }).click();
  await expect(desk.getByText('Imported:')).toContainText('Imported: 0');
  await expect(desk.getByText(/^Already imported \(skipped\): /)).toBeVisible();
});

test('an employee without the credit_reporting role reads why, not a broken page', async ({ page }) => {
  await storeSession(page, agentEmail(10));
  await page.goto('/acdv');
  await expect(
    page.getByText('Only employees on the credit reporting desk (the credit_reporting role) can answer ACDV requests.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Not available to you' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await shoot(page, 'fcra-acdv-forbidden');
  // The same one page on every screen the employee's permissions do not open, and no menu item to it.
  for (const path of ['/cr_adj', '/identifications', '/income', '/macros', '/blog_post']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Not available to you' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  }
  await page.getByRole('button', { name: 'Dashboards' }).click();
  await expect(page.getByRole('menuitem', { name: 'Disputes' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'FCRA' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Identifications' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Editors' })).toHaveCount(0);
});

test('the FCRA lookup from the loan card: the grid, file and discharge a bankruptcy, send the 103 mailer', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await storeSession(page, DEMO_EMAIL);
  const { customerId, loanId } = await findPaidOffCustomer(page);

  await page.goto(`/user?ID=${customerId}`);
  const card = page.getByRole('article', { name: `Loan #${loanId}` });
  await card.getByRole('link', { name: 'FCRA lookup' }).click();
  await expect(page).toHaveURL(new RegExp(`/fcra/lookup\\?loan_id=${loanId}$`));
  await expect(page.getByRole('heading', { name: 'FCRA Lookup' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Loan ID' })).toHaveValue(String(loanId));
  await expect(page.getByLabel('Report date')).toHaveValue(businessToday());
  await expect(page.getByRole('heading', { name: `Loan #${loanId}` })).toBeVisible();
  const grid = page.getByRole('table', { name: /Payment history code of each month/ });
  await expect(grid.getByRole('row')).toHaveCount(8);
  await expect(page.getByRole('list', { name: 'Payment history codes' })).toContainText('Charge-off');
  const user = page.getByRole('region', { name: 'User detail' });
  await expect(user.getByRole('link', { name: `#${customerId}` })).toHaveAttribute('href', `/user?ID=${customerId}`);
  // The user page's one term per flag (issue 28).
  await expect(user.getByText('DNC (do not contact)')).toBeVisible();
  await expect(user.getByText('DNL (do not lend)')).toBeVisible();
  await shoot(page, 'fcra-lookup');

  // File: the form's rule first, then the filing.
  await page.getByRole('button', { name: 'File bankruptcy' }).click();
  const file = page.getByRole('dialog', { name: 'File bankruptcy' });
  await expect(file.getByRole('textbox', { name: 'Loan ID' })).toHaveValue(String(loanId));
  await file.getByRole('button', { name: 'File bankruptcy' }).click();
  await expect(file.getByText('Case code is required.')).toBeVisible();
  await expect(file.getByText('Bankruptcy type is required.')).toBeVisible();
  await expect(file.getByText('Date filed is required.')).toBeVisible();
  await file.getByRole('textbox', { name: 'Case code' }).fill('26-1x');
  await expect(file.getByText('Case code must be numeric.')).toBeVisible();
  await shoot(page, 'fcra-lookup-file-bankruptcy-problems');
  await file.getByRole('textbox', { name: 'Case code' }).fill('2610777');
  await file.getByLabel(/Bankruptcy type/).selectOption('7');
  await file.getByLabel(/Date filed/).fill(addDays(businessToday(), -30));
  await file.getByRole('button', { name: 'File bankruptcy' }).click();
  await expect(page.getByText('Successfully filed bankruptcy')).toBeVisible();
  await expect(file).toBeHidden();
  await expect(user.getByText('2610777', { exact: true })).toBeVisible();
  await expect(user.getByText(/^A — Petition for Chapter 7 bankruptcy$/)).toBeVisible();

  // Discharge the case on record: prefilled.
  await page.getByRole('button', { name: 'Discharge bankruptcy' }).click();
  const discharge = page.getByRole('dialog', { name: 'Discharge bankruptcy' });
  await expect(discharge.getByRole('textbox', { name: 'Case code' })).toHaveValue('2610777');
  await expect(discharge.getByLabel(/Bankruptcy type/)).toHaveValue('7');
  await discharge.getByLabel(/Date discharged/).fill(addDays(businessToday(), -1));
  await discharge.getByRole('button', { name: 'Discharge bankruptcy' }).click();
  await expect(page.getByText('Successfully discharged bankruptcy')).toBeVisible();
  await expect(user.getByText(/^E — Discharged through Chapter 7 bankruptcy$/)).toBeVisible();
  await shoot(page, 'fcra-lookup-discharged');

  // The 103 mailer, asked first.
  await page.getByRole('button', { name: 'Send 103 mailer' }).click();
  const mailer = page.getByRole('dialog', { name: 'Send the 103 mailer?' });
  await mailer.getByRole('button', { name: 'Send mailer' }).click();
  await expect(page.getByText('Successfully sent mailer')).toBeVisible();
  await expect(mailer).toBeHidden();
  await shoot(page, 'fcra-lookup-mailer-sent');
});
