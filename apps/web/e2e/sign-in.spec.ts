import { DEMO_EMAIL, PASSWORD, expect, fillSignIn, screenshot, test } from './fixtures.ts';

test('the demo employee signs in and sees the navbar and home', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Enable MFA' })).toBeVisible();
  await screenshot(page, 'login', { fullPage: true });

  await fillSignIn(page, DEMO_EMAIL);

  await expect(page).toHaveURL(/\/$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  for (const menu of ['Dashboards', 'Editors', 'Search', 'Analytics']) {
    await expect(nav.getByRole('button', { name: menu })).toBeVisible();
  }
  await expect(page.getByRole('searchbox', { name: 'Search', exact: true })).toBeVisible();
  await expect(page.getByText(DEMO_EMAIL)).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Online' })).toBeVisible();
  await screenshot(page, 'home-signed-in', { fullPage: true });

  await nav.getByRole('button', { name: 'Dashboards' }).click();
  await page.getByRole('menuitem', { name: 'Disputes' }).click();
  await expect(page).toHaveURL(/\/disputes$/);
  await expect(page.getByRole('heading', { name: 'Disputes Dashboard' })).toBeVisible();

  // A reload keeps the session (cookies) and the route.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Disputes Dashboard' })).toBeVisible();
});

test('a wrong password shows the server error in a dismissible box', async ({ page }) => {
  await fillSignIn(page, DEMO_EMAIL, `${PASSWORD}-wrong`);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Could not sign in');
  await screenshot(page, 'login-error', { fullPage: true });
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toBeHidden();
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-out visitor is sent to /login and returned to the intended route', async ({ page }) => {
  await page.goto('/fcra');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email', { exact: true }).fill(DEMO_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/fcra$/);
  await expect(page.getByRole('heading', { name: 'FCRA' })).toBeVisible();
});
