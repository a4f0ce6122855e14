import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

// Seeded by the server on first start (packages/db seed).
export const DEMO_EMAIL = 'demo@portal.example';
export const PASSWORD = 'portal-demo';
export const agentEmail = (n: number) => `agent${n}@portal.example`;

export const API_URL = 'http://localhost:3100/internal/api';
// The inbound email relay's secret, given to the server in playwright.config.ts.
export const INBOUND_EMAIL_SECRET = 'e2e-inbound-secret-0123456789';

export function screenshotPath(name: string): string {
  return fileURLToPath(new URL(`./screenshots/${name}.png`, import.meta.url));
}

export async function fillSignIn(page: Page, email: string, password = PASSWORD, otp = ''): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (otp) await page.getByLabel('One-time password').fill(otp);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

// Signs in through the form and waits for the signed-in shell.
export async function signIn(page: Page, email: string, password = PASSWORD, otp = ''): Promise<void> {
  await fillSignIn(page, email, password, otp);
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
}

export async function apiTokenOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'apiToken');
  if (!cookie) throw new Error('No apiToken cookie: not signed in.');
  return decodeURIComponent(cookie.value);
}

// Turns the Online switch on and waits for the queue to answer (the first ticket, or the empty state).
export async function goOnline(page: Page): Promise<void> {
  const online = page.getByRole('switch', { name: 'Online' });
  if (!(await online.isChecked())) await online.click({ force: true });
  await expect(online).toBeChecked();
}
