import type { Page } from '@playwright/test';
import { API_URL, DEMO_EMAIL, apiTokenOf, expect, isTaken, shoot, storeSession, take, test } from './fixtures.ts';

// Special credit report adjustments as the credit reporting desk makes them (spec 001 sections 2,
// 3, 7, 8): a wrong customer is refused in the server's words; a Resend and a Do Not Report are
// recorded with what they did; the correction file is made and downloaded; the lookup shows them.

type Loan = { id: number; display_status: string };

// A demo customer no other spec took with a paid-off loan (reported as paid), from the last ones down.
async function findPaidOffLoan(page: Page): Promise<{ customerId: number; loanId: number }> {
  const headers = { authorization: `Bearer ${await apiTokenOf(page)}` };
  for (let id = 600; id >= 2; id -= 1) {
    if (isTaken(id)) continue;
    const response = await page.request.get(`${API_URL}/users/search?parameter=ID&search=${id}`, { headers });
    if (!response.ok()) continue;
    const { loans } = (await response.json()) as { loans: Loan[] };
    const paid = loans.find((loan) => loan.display_status === 'PAID OFF');
    if (paid) return { customerId: take(id), loanId: paid.id };
  }
  throw new Error('No demo customer has a paid-off loan.');
}

async function submitAdjustment(page: Page, loanId: number, userId: number, type: string, reason = '') {
  await page.getByRole('textbox', { name: 'Loan ID' }).fill(String(loanId));
  await page.getByRole('textbox', { name: 'User ID' }).fill(String(userId));
  await page.getByLabel('Adjustment Type').selectOption(type);
  await page.getByRole('textbox', { name: /Reason/ }).fill(reason);
  await page.getByRole('button', { name: 'Submit' }).click();
}

test('a wrong customer is refused; Resend and Do Not Report are recorded; the correction file is made', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await storeSession(page, DEMO_EMAIL);
  const { customerId, loanId } = await findPaidOffLoan(page);

  await page.goto('/cr_adj');
  await expect(page.getByRole('heading', { name: 'Special Credit Report Adjustments' })).toBeVisible();
  await expect(page.getByText(/Fill in ALL account information/)).toBeVisible();
  await shoot(page, 'cr-adj-form');

  // An empty Submit names each field (issue 28), and sends nothing.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('textbox', { name: 'Loan ID' })).toHaveAccessibleDescription('Please enter the loan ID.');
  await expect(page.getByRole('textbox', { name: 'User ID' })).toHaveAccessibleDescription('Please enter the user ID.');
  await expect(page.getByText('Please choose an adjustment type.')).toBeVisible();
  await expect(page.getByText(/must be a number/)).toHaveCount(0);

  // The loan is not this user's: the server says so.
  await submitAdjustment(page, loanId, customerId + 1, 'Resend');
  await expect(page.getByText(`Loan ${loanId} belongs to user ${customerId}`)).toBeVisible();
  await shoot(page, 'cr-adj-refused');

  await submitAdjustment(page, loanId, customerId, 'Resend', 'Balance confirmed by the customer');
  const results = page.getByRole('list', { name: 'Adjustment results' });
  await expect(results).toContainText(`Resend for loan ${loanId} of user ${customerId}`);
  await expect(results).toContainText('correction file');
  await expect(page.getByRole('textbox', { name: 'Loan ID' })).toHaveValue('');
  await shoot(page, 'cr-adj-resend-recorded');

  // The correction file of what is waiting, then its download.
  await expect(page.getByText(/\d+ adjustments? (is|are) waiting for a correction file\./)).not.toHaveText(
    /^0 adjustments/,
  );
  await page.getByRole('button', { name: 'Generate correction file' }).click();
  await expect(page.getByText(/^Wrote \d+ Metro 2 records? for \d+ adjustments? in metro2-corrections-/)).toBeVisible();
  await expect(page.getByText('0 adjustments are waiting for a correction file.')).toBeVisible();
  const files = page.getByRole('table', { name: 'Recent correction files' });
  const fileName = files.getByText(/^metro2-corrections-\d{4}-\d{2}-\d{2}-\d+\.txt$/).first();
  const name = (await fileName.textContent()) ?? '';
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    files.getByRole('button', { name: `Download ${name}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(name);
  await shoot(page, 'cr-adj-correction-file');

  // Do Not Report needs no file; the lookup shows the loan is no longer reported, and both adjustments.
  await submitAdjustment(page, loanId, customerId, 'Do Not Report', 'Identity theft confirmed');
  await expect(results).toContainText('Nothing is sent to the credit bureaus for it.');
  await expect(page.getByText('0 adjustments are waiting for a correction file.')).toBeVisible();
  await page.goto(`/fcra/lookup?loan_id=${loanId}`);
  await expect(page.getByText(/A Do Not Report adjustment stands/)).toBeVisible();
  const past = page.getByRole('table', { name: 'Past credit report adjustments' });
  await expect(past).toContainText('Do Not Report');
  await expect(past).toContainText('Identity theft confirmed');
  await expect(past).toContainText('Balance confirmed by the customer');
  await shoot(page, 'cr-adj-lookup-after');

  // Reported again, as the desk would once the matter is settled.
  await page.goto('/cr_adj');
  await submitAdjustment(page, loanId, customerId, 'Resend', 'Reporting restored');
  await expect(results).toContainText(`Resend for loan ${loanId}`);
});
