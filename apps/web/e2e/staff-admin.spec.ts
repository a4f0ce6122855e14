import { DEMO_EMAIL, expect, screenshot, signIn, test } from './fixtures.ts';

const NEW_EMAIL = 'dana.hire@portal.example';
const NEW_PASSWORD = 'dana chooses a long password';

test('a staff administrator invites an employee, who sets a password and signs in, then is locked out', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO_EMAIL);
  await page.getByRole('button', { name: 'Admin' }).click();
  await page.getByRole('menuitem', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { name: 'Staff' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Staff' })).toBeVisible();

  // Invite: without an email provider the link is handed over by hand.
  await page.getByRole('button', { name: 'Invite employee' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite an employee' });
  await invite.getByLabel('Work email').fill(NEW_EMAIL);
  await invite.getByLabel('Name').fill('Dana Hire');
  await invite.getByRole('checkbox', { name: 'escalations' }).check();
  await invite.getByRole('button', { name: 'Invite' }).click();
  const made = page.getByRole('dialog', { name: 'Invitation made' });
  await expect(made.getByText(/waits in the outbox/)).toBeVisible();
  const link = await made.getByLabel('Set-password link').inputValue();
  expect(link).toMatch(/\/set-password#token=/);
  await screenshot(page, 'staff-invited', { fullPage: true });
  await made.getByRole('button', { name: 'Done' }).click();
  const row = page.getByRole('row', { name: 'Dana Hire' });
  await expect(row.getByText('Invited')).toBeVisible();

  // The new employee, in a browser of their own, chooses a password and signs in.
  const theirs = await browser.newContext();
  const them = await theirs.newPage();
  await them.goto(link);
  await them.getByLabel('New password').fill(NEW_PASSWORD);
  await them.getByLabel('Repeat it').fill(NEW_PASSWORD);
  await them.getByRole('button', { name: 'Set password' }).click();
  await expect(them.getByText('Your password is set. Sign in with it.')).toBeVisible();
  await signIn(them, NEW_EMAIL, NEW_PASSWORD);

  // The administrator sees the sign-in, then deactivates the account.
  await page.reload();
  await expect(row.getByText('Active')).toBeVisible();
  await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Actions for Dana Hire' }).click();
  await page.getByRole('menuitem', { name: 'Deactivate…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(row.getByText('Deactivated')).toBeVisible();
  await screenshot(page, 'staff-deactivated', { fullPage: true });

  // Their next call answers 401: they are signed out with the expired message.
  await them.getByRole('switch', { name: 'Online' }).click({ force: true });
  await expect(them).toHaveURL(/\/login$/);
  await expect(them.getByText('Employee Credentials have expired. Please log in again.')).toBeVisible();
  await theirs.close();
});
