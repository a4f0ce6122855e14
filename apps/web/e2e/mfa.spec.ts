import { generate } from 'otplib';
import { PASSWORD, agentEmail, expect, fillSignIn, screenshot, signIn, test } from './fixtures.ts';

test('an agent enrols in MFA, then signs in only with a code', async ({ page }) => {
  const email = agentEmail(3);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Enable MFA' }).click();
  await expect(page).toHaveURL(/\/enable-mfa$/);
  // The enrolment form loads lazily: fill it once it is there, not the sign-in form it replaces.
  await expect(page.getByRole('button', { name: 'Get QR code' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Get QR code' }).click();

  await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = await page.getByLabel('Secret key').inputValue();
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await screenshot(page, 'enable-mfa-qr', { fullPage: true });

  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // A fresh code from the authenticator signs in.
  await signIn(page, email, PASSWORD, await generate({ secret }));
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Without a code the sign-in now fails with an error box.
  await fillSignIn(page, email);
  await expect(page.getByRole('alert')).toContainText('Could not sign in');
  await expect(page.getByRole('button', { name: 'Log Out' })).toHaveCount(0);
  await screenshot(page, 'login-mfa-required', { fullPage: true });
});
