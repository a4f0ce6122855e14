import type { Page } from '@playwright/test';
import {
  API_URL,
  DEMO_EMAIL,
  agentEmail,
  apiTokenOf,
  expect,
  screenshot,
  signIn,
  storeSession,
  test,
} from './fixtures.ts';

test('/graph_ql runs a query in its query box with the session token, and opens GraphiQL on demand', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await signIn(page, DEMO_EMAIL);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('menuitem', { name: 'GraphQL' }).click();
  await expect(page).toHaveURL(/\/graph_ql$/);

  // The query box first (a few kB): the default query, run with the button.
  await expect(page.getByRole('textbox', { name: 'Query' })).toHaveValue(/customers\(limit: 5\)/);
  const boxAnswered = page.waitForResponse((response) => response.url().endsWith('/internal/api/graphql'));
  await page.getByRole('button', { name: 'Run query' }).click();
  expect((await boxAnswered).status()).toBe(200);
  const answer = page.getByRole('region', { name: 'Answer, HTTP 200' });
  await expect(answer).toContainText('"me"');
  await expect(answer).toContainText('"applied_amount_cents"');
  // A query of one's own, with variables, by Ctrl+Enter.
  await page.getByRole('textbox', { name: 'Query' }).fill('query ($limit: Int) { customers(limit: $limit) { id } }');
  await page.getByRole('textbox', { name: /^Variables/ }).fill('{ "limit": 2 }');
  await page.getByRole('textbox', { name: /^Variables/ }).press('Control+Enter');
  await expect(answer).not.toContainText('"me"');
  await expect(answer).toContainText('"customers"');
  await screenshot(page, 'graphql-query-box', { fullPage: true });

  // GraphiQL, with its docs from the schema (introspection), when asked for.
  await page.getByRole('button', { name: /^Open the full explorer/ }).click();
  const run = page.getByRole('button', { name: /Execute query/ });
  await expect(run).toBeVisible({ timeout: 30_000 });
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
  await page.getByRole('button', { name: /Show Documentation Explorer/ }).click();
  await expect(page.getByText('Query', { exact: true }).first()).toBeVisible();
  await screenshot(page, 'graphql-explorer', { fullPage: true });
  // Nothing refused by the page's CSP (Monaco's workers load from our own origin).
  expect(problems.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);

  // The browser remembers the choice; the query box is one click back.
  await page.reload();
  await expect(run).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Back to the simple query box' }).click();
  await expect(page.getByRole('button', { name: 'Run query' })).toBeVisible();
});

test('a 401 from the GraphQL call signs the employee out (spec 001 section 6)', async ({ page, request }) => {
  await storeSession(page, agentEmail(6));
  await page.goto('/graph_ql');
  const run = page.getByRole('button', { name: 'Run query' });
  await expect(run).toBeVisible();
  const revoked = await request.delete(`${API_URL}/employees/sign_out`, {
    headers: { Authorization: `Bearer ${await apiTokenOf(page)}` },
  });
  expect(revoked.ok()).toBe(true);
  // The GraphQL call answers 401, unless a call the page makes by itself first (the live stream
  // telling the server what the page follows) already did.
  await run.click({ timeout: 5_000 }).catch(() => undefined);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Employee Credentials have expired. Please log in again.')).toBeVisible();
});

// The font Chromium draws the Log Out button's words with (not the CSS list it was asked for).
async function logOutFont(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Log Out' }).evaluate((button) => {
    for (const marked of document.querySelectorAll('[data-font-probe]')) marked.removeAttribute('data-font-probe');
    let deepest: Element = button;
    while (deepest.firstElementChild) deepest = deepest.firstElementChild;
    deepest.setAttribute('data-font-probe', '');
  });
  const client = await page.context().newCDPSession(page);
  await client.send('DOM.enable');
  await client.send('CSS.enable');
  const { root } = await client.send('DOM.getDocument');
  const { nodeId } = await client.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-font-probe]' });
  const { fonts } = await client.send('CSS.getPlatformFontsForNode', { nodeId });
  await client.detach();
  return fonts.map((font) => font.familyName).join(', ');
}

test('the explorer keeps the Portal’s font, and its tabs are tabs a keyboard can close', async ({ page }) => {
  await signIn(page, DEMO_EMAIL);
  const portalFont = await logOutFont(page);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('menuitem', { name: 'GraphQL' }).click();
  // The page may open on its simple query box first; GraphiQL is a click away (decision 040).
  const openFull = page.getByRole('button', { name: /^Open the full explorer/ });
  await expect(page.getByRole('button', { name: /Execute query/ }).or(openFull)).toBeVisible();
  if (await openFull.isVisible()) await openFull.click();
  await expect(page.getByRole('button', { name: /Execute query/ })).toBeVisible();
  // GraphiQL brings its own Roboto; the Portal's font stack falls back to Roboto, and took it.
  expect(await logOutFont(page)).toBe(portalFont);

  // Each tab is the button that selects it (nothing interactive inside a tab); Delete closes one.
  await page.getByRole('button', { name: 'New tab' }).click();
  const tabs = page.getByRole('tablist', { name: 'Select active operation' }).getByRole('tab');
  await expect(tabs).toHaveCount(2);
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('[role="tab"] button, [role="tab"] [tabindex="0"]')).toHaveCount(0);
  await tabs.nth(1).focus();
  await page.keyboard.press('Delete');
  await expect(tabs).toHaveCount(1);
  await expect(tabs.first()).toBeFocused();
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');

  // Back in the Portal, its font is as it was.
  await page.getByRole('button', { name: 'Editors' }).click();
  await page.getByRole('menuitem', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog_post/);
  expect(await logOutFont(page)).toBe(portalFont);
});
