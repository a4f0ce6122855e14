import type { Page } from '@playwright/test';
import { drawDisputeLetter } from '@portal/demo-data/samples';
import { API_URL, DEMO_EMAIL, apiTokenOf, expect, shoot, storeSession, test } from './fixtures.ts';

// The disputes dashboard as a back-office employee works it (spec 001 sections 2, 4, 5, 8): upload
// a letter, open a dispute (which assigns it), find the customer, apply them, resolve it.

type Customer = { id: number; first_name: string; last_name: string };

// A demo customer with a loan, read through the API the user page uses.
async function demoCustomer(page: Page): Promise<Customer> {
  const token = await apiTokenOf(page);
  const response = await page.request.get(`${API_URL}/users/search?parameter=ID&search=3`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { user: Customer };
  return body.user;
}

test('upload a letter, open a dispute, search the user, apply them, resolve it', async ({ page }) => {
  test.setTimeout(240_000);
  await storeSession(page, DEMO_EMAIL);
  const customer = await demoCustomer(page);

  await page.goto('/disputes');
  await expect(page.getByRole('heading', { name: 'Disputes Dashboard' })).toBeVisible();
  const letter = await drawDisputeLetter({
    kind: 'debt_validation',
    sender: {
      name: `${customer.first_name} ${customer.last_name}`,
      street: '1 Elm St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    },
  });
  await page.getByTestId('pdf-file-input').setInputFiles([
    { name: 'validation-letter.pdf', mimeType: 'application/pdf', buffer: Buffer.from(letter) },
    { name: 'not-a-pdf.pdf', mimeType: 'application/pdf', buffer: Buffer.from('hello, not a pdf') },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') },
  ]);
  const leftOut = page.getByText('Only PDF files can be uploaded: notes.txt left out.');
  await expect(leftOut).toBeVisible();
  await page.getByRole('button', { name: 'Upload Files' }).click();
  await expect(
    page.getByText('1 dispute(s) created successfully. 1 file(s) failed to process and remain in the list.'),
  ).toBeVisible();
  // The upload is past the file left out before it (issue 28: the sentence stayed).
  await expect(leftOut).toHaveCount(0);
  await expect(page.getByText('not-a-pdf.pdf')).toBeVisible();
  await shoot(page, 'disputes-landing-partial-upload');

  await page.getByRole('link', { name: 'View Unresolved Disputes' }).click();
  await expect(page).toHaveURL(/\/disputes\/unresolved/);
  const row = page.getByRole('row').filter({ hasText: customer.last_name }).first();
  await expect(row).toBeVisible();
  await shoot(page, 'disputes-unresolved-list');
  await row.getByRole('button', { name: 'View Details' }).click();
  await expect(page).toHaveURL(/\/disputes\/\d+$/);
  // Opening it assigns it to me: the tabs open up.
  await expect(page.getByRole('tab', { name: 'User Search' })).toBeEnabled();
  await expect(page.getByRole('tabpanel', { name: 'Details' }).getByLabel('ZIP')).toHaveValue('78701');
  await shoot(page, 'disputes-detail-details');

  await page.getByRole('tab', { name: 'User Search' }).click();
  const search = page.getByRole('tabpanel', { name: 'User Search' });
  await search.getByLabel('First Name').fill(customer.first_name);
  await search.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(
    page.getByText('Please provide either a primary identifier or at least 2 secondary search fields'),
  ).toBeVisible();
  await search.getByLabel('User ID').fill(String(customer.id));
  await search.getByRole('button', { name: 'Search', exact: true }).click();
  const result = search.getByRole('row').filter({ hasText: customer.last_name }).first();
  await expect(result).toBeVisible();
  await shoot(page, 'disputes-detail-user-search');
  await result.getByRole('button', { name: 'Select User' }).click();
  await expect(page.getByText('User information applied to dispute')).toBeVisible();
  const details = page.getByRole('tabpanel', { name: 'Details' });
  await expect(details.getByLabel('User ID')).toHaveValue(String(customer.id));

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Dispute information updated successfully')).toBeVisible();

  await page.getByRole('tab', { name: 'Resolution' }).click();
  await page.getByRole('button', { name: 'Resolve Dispute' }).click();
  await expect(page.getByText('Please select a response type')).toBeVisible();
  await page.getByRole('combobox', { name: 'Response Type' }).click();
  await page.getByRole('option', { name: 'No Response' }).click();
  await shoot(page, 'disputes-detail-resolution');
  await page.getByRole('button', { name: 'Resolve Dispute' }).click();
  await expect(page.getByText('Dispute resolved successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/disputes\/unresolved/);
});
