import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { sessionResponseSchema } from '@portal/contracts';
import { sessionCookieValues } from '../src/lib/session.ts';
import { freePort, startPortal, type PortalServer } from './portal-server.ts';

export { expect };
export { INBOUND_EMAIL_SECRET } from './portal-server.ts';

// Seeded by the server on its first start in dev (packages/demo).
export const DEMO_EMAIL = 'demo@portal.example';
export const PASSWORD = 'portal-demo';
export const agentEmail = (n: number) => `agent${n}@portal.example`;

// The API under the worker's server: request and page.request resolve it against baseURL.
export const API_URL = '/internal/api';

// A server on a copy of the freshly seeded database: a worker's, or one a spec starts with settings
// of its own (env, e.g. contact-gate.spec.ts). Stopping it removes the copy.
export async function startSeededPortal(options: {
  port: number;
  name: string;
  env?: NodeJS.ProcessEnv;
}): Promise<PortalServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const removeCopy = () => rmSync(dataDir, { recursive: true, force: true });
  // The seeded template of global-setup.ts; without it (a config without the global setup) the
  // server seeds the empty directory itself.
  const template = process.env.PORTAL_E2E_TEMPLATE;
  if (template) cpSync(template, dataDir, { recursive: true });
  const server = await startPortal({ ...options, dataDir }).catch((error: unknown) => {
    removeCopy();
    throw error;
  });
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      removeCopy();
    },
  };
}

type WorkerFixtures = {
  // A worker to itself, and so a database of its own (test.use({ ownDatabase: true })): for a
  // spec that reads work other specs use up.
  ownDatabase: boolean;
  // This worker's server, on its own copy of the freshly seeded database (global-setup.ts).
  portal: PortalServer;
};

// Every spec imports test and expect from here: its pages and requests go to its worker's server.
export const test = base.extend<object, WorkerFixtures>({
  ownDatabase: [false, { scope: 'worker', option: true }],
  portal: [
    async ({ ownDatabase: _ownDatabase }, use, workerInfo) => {
      const server = await startSeededPortal({
        port: await freePort(3100 + workerInfo.parallelIndex),
        name: `worker ${workerInfo.workerIndex}`,
      });
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 200_000 },
  ],
  baseURL: async ({ portal }, use) => {
    await use(portal.url);
  },
});

function screenshotPath(name: string): string {
  return fileURLToPath(new URL(`./screenshots/${name}.png`, import.meta.url));
}

// The screenshots are for people to look at (e2e/screenshots/, not kept in git); none is compared.
// E2E_SCREENSHOTS=off leaves them out, as CI does, where nobody looks: about 100 shots, a quarter of a
// second of Chromium each.
const screenshotsTaken = process.env.E2E_SCREENSHOTS !== 'off';

// A screenshot of the page as it shows (fullPage: all of it), or of one element.
export async function screenshot(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean; animations?: 'disabled' } = {},
): Promise<void> {
  if (!screenshotsTaken) return;
  const path = screenshotPath(name);
  if ('goto' in target) await target.screenshot({ path, ...options });
  else await target.screenshot({ path, animations: options.animations });
}

// A whole-page screenshot from the top (scrolled, the sticky navbar would sit over the card); transitions
// (a modal opening) are run to their end first.
export async function shoot(page: Page, name: string): Promise<void> {
  if (!screenshotsTaken) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name, { fullPage: true, animations: 'disabled' });
}

export async function fillSignIn(page: Page, email: string, password = PASSWORD, otp = ''): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (otp) await page.getByLabel('One-time password').fill(otp);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

// Signs in through the API (POST employees/sign_in, as the form does) and keeps the session in the
// page's cookies as the app keeps it (lib/session.ts), without opening a page: the next page.goto
// opens signed in. The form is sign-in.spec.ts's and mfa.spec.ts's subject; for every other spec
// it was a screen loaded and left, two seconds of Chromium each.
export async function storeSession(page: Page, email: string, password = PASSWORD): Promise<void> {
  const response = await page.request.post(`${API_URL}/employees/sign_in`, {
    data: { employee: { email, password } },
  });
  expect(response.ok(), `${email} signs in: ${response.status()} ${await response.text()}`).toBe(true);
  const session = sessionResponseSchema.parse(await response.json());
  // The worker's server, which page.request resolved the call against.
  const url = new URL(response.url()).origin;
  await page.context().addCookies(
    sessionCookieValues(session).map(({ name, value }) => ({
      name: encodeURIComponent(name),
      value: encodeURIComponent(value),
      url,
      sameSite: 'Strict' as const,
    })),
  );
}

// Signed in, on the workspace (the signed-in shell). With a one-time password, through the form.
export async function signIn(page: Page, email: string, password = PASSWORD, otp = ''): Promise<void> {
  if (otp) await fillSignIn(page, email, password, otp);
  else {
    await storeSession(page, email, password);
    await page.goto('/');
  }
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
  if (!(await online.isChecked())) {
    const toggled = page.waitForResponse((response) => response.url().endsWith('/toggle_online'));
    await online.click({ force: true });
    expect((await toggled).ok()).toBe(true);
  }
  await expect(online).toBeChecked();
}

// Turns the Online switch off, once the server has handed the employee's tickets back to the queue:
// a spec signed in as another employee than the queue's (DEMO_EMAIL) leaves it as it found it.
export async function goOffline(page: Page): Promise<void> {
  const online = page.getByRole('switch', { name: 'Online' });
  const toggled = page.waitForResponse((response) => response.url().endsWith('/toggle_online'));
  await online.click({ force: true });
  expect((await toggled).ok()).toBe(true);
  await expect(online).not.toBeChecked();
}

// The demo customers the specs change. A worker's specs share its database and run one after
// another, so a spec that looks for a customer to change skips those an earlier spec of the worker
// took (isTaken), and takes the one it found (take): no two specs work on the same customer, in
// whatever order they run. Customers a spec names by id are taken from the start. (A new worker
// starts a new database, and this set afresh.)
const takenCustomers = new Set<number>([
  // ticket-link-account.spec.ts links a ticket to customer #1.
  1,
  // disputes.spec.ts applies customer #3 to a dispute.
  3,
]);

export const isTaken = (customerId: number): boolean => takenCustomers.has(customerId);

export function take(customerId: number): number {
  if (takenCustomers.has(customerId)) throw new Error(`Customer #${customerId} is taken by another spec.`);
  takenCustomers.add(customerId);
  return customerId;
}
