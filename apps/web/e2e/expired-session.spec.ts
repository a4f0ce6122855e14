import { API_URL, agentEmail, apiTokenOf, expect, screenshot, signIn, test } from './fixtures.ts';

test('a revoked token signs the employee out with the expired message', async ({ page, request }) => {
  await signIn(page, agentEmail(5));
  const token = await apiTokenOf(page);

  const revoked = await request.delete(`${API_URL}/employees/sign_out`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(revoked.ok()).toBe(true);

  // Any API call now answers 401: the click's, or one the page makes by itself first (the live
  // stream telling the server what the page follows), whichever comes first.
  await page
    .getByRole('switch', { name: 'Online' })
    .click({ timeout: 5_000 })
    .catch(() => undefined);

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Employee Credentials have expired. Please log in again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log Out' })).toHaveCount(0);
  await screenshot(page, 'session-expired', { fullPage: true });
});
