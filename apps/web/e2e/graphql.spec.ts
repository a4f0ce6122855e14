import { expect, test } from '@playwright/test';
import { API_URL, DEMO_EMAIL, agentEmail, apiTokenOf, screenshotPath, signIn } from './fixtures.ts';

test('the GraphQL explorer runs a query with the session token and shows the answer', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await signIn(page, DEMO_EMAIL);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('menuitem', { name: 'GraphQL' }).click();
  await expect(page).toHaveURL(/\/graph_ql$/);

  const run = page.getByRole('button', { name: /Execute query/ });
  await expect(run).toBeVisible();
  await expect(page.locator('.graphiql-query-editor')).toContainText('customers(limit: 5)');
  const answered = page.waitForResponse(
    (response) =>
      response.url().endsWith('/internal/api/graphql') && response.request().postData()?.includes('me') === true,
  );
  await run.click();
  expect((await answered).status()).toBe(200);
  const result = page.locator('.graphiql-response');
  await expect(result).toContainText('"me"');
  await expect(result).toContainText('"customers"');
  await expect(result).toContainText('"applied_amount_cents"');

  // The docs come from the schema (introspection), so the explorer knows the Portal's types.
  await page.getByRole('button', { name: /Show Documentation Explorer/ }).click();
  await expect(page.getByText('Query', { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: screenshotPath('graphql-explorer'), fullPage: true });
  // Nothing refused by the page's CSP (Monaco's workers load from our own origin).
  expect(problems.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);
});

test('a 401 from the GraphQL call signs the employee out (spec 001 section 6)', async ({ page, request }) => {
  await signIn(page, agentEmail(6));
  await page.goto('/graph_ql');
  const run = page.getByRole('button', { name: /Execute query/ });
  await expect(run).toBeVisible();
  const revoked = await request.delete(`${API_URL}/employees/sign_out`, {
    headers: { Authorization: `Bearer ${await apiTokenOf(page)}` },
  });
  expect(revoked.ok()).toBe(true);

  // A click while the editor is still settling can be lost; click until the 401 has signed out.
  await expect(async () => {
    if (!/\/login$/.test(page.url())) await run.click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/login$/, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByText('Employee Credentials have expired. Please log in again.')).toBeVisible();
});
