import { API_URL, agentEmail, apiTokenOf, expect, signIn, test } from './fixtures.ts';

test('Log Out revokes the token and lands on /login', async ({ page, request }) => {
  await signIn(page, agentEmail(4));
  const token = await apiTokenOf(page);

  await page.getByRole('button', { name: 'Log Out' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await page.context().cookies()).toEqual([]);
  // No warning: the server call worked.
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The old token no longer works.
  const response = await request.get(`${API_URL}/employees/session`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(401);
  // Protected routes send us back to sign-in.
  await page.goto('/user');
  await expect(page).toHaveURL(/\/login$/);
});
