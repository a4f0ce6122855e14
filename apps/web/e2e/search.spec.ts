import { DEMO_EMAIL, expect, signIn, test } from './fixtures.ts';

test('the search box opens the user page for the inferred parameter', async ({ page }) => {
  await signIn(page, DEMO_EMAIL);
  const search = page.getByRole('banner').getByRole('searchbox', { name: 'Search', exact: true });

  await search.fill('someone@example.com');
  await expect(page.getByText('Searching by email')).toBeVisible();
  await search.press('Enter');
  await expect(page).toHaveURL(/\/user\?email=someone%40example\.com$/);
  await expect(page.getByText('No customer has the email someone@example.com.')).toBeVisible();

  await page.getByRole('banner').getByRole('radio', { name: 'Loan' }).check();
  await search.fill('1234');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/user\?loan_id=1234$/);
});
