import type { Page } from '@playwright/test';
import {
  API_URL,
  DEMO_EMAIL,
  apiTokenOf,
  expect,
  isTaken,
  screenshot,
  shoot,
  signIn,
  storeSession,
  take,
  test,
} from './fixtures.ts';

type Profile = { id: number; first_name: string; last_name: string; dnc: boolean };
type Payment = { id: number; due: string; state: string; type: string; expected_amt: number };
type Loan = { id: number; payments: Payment[] };

// A demo customer without DNC among the first ones, no other spec took, read through the API.
async function pickCustomer(page: Page): Promise<Profile> {
  const headers = { authorization: `Bearer ${await apiTokenOf(page)}` };
  for (let id = 2; id < 60; id += 1) {
    if (isTaken(id)) continue;
    const response = await page.request.get(`${API_URL}/users/search?parameter=ID&search=${id}`, { headers });
    if (!response.ok()) continue;
    const { user } = (await response.json()) as { user: Profile };
    if (!user.dnc) return { ...user, id: take(id) };
  }
  throw new Error('No demo customer without DNC among the first ones.');
}

test('an agent finds a customer by name, edits the phone, turns DNC on with a reason', async ({ page }) => {
  await signIn(page, DEMO_EMAIL);
  const customer = await pickCustomer(page);

  // The navbar search: two words are a name, which answers suggestions.
  const navbarSearch = page.getByRole('banner').getByRole('searchbox', { name: 'Search', exact: true });
  await navbarSearch.fill(`${customer.first_name} ${customer.last_name}`);
  await navbarSearch.press('Enter');
  await expect(page).toHaveURL(/\/user\?name=/);
  const suggestions = page.getByRole('table', { name: 'Suggestions' });
  await expect(suggestions).toBeVisible();
  await shoot(page, 'user-page-suggestions');
  await suggestions
    .getByRole('row')
    .filter({ hasText: `#${customer.id}` })
    .first()
    .click();

  // The card of that customer.
  await expect(page).toHaveURL(new RegExp(`/user\\?ID=${customer.id}$`));
  await expect(page.getByRole('heading', { name: new RegExp(customer.last_name) })).toBeVisible();
  await shoot(page, 'user-page-card');

  // The composer: a missing field is said, and once it is filled in the message goes at the next
  // click (a refused click starts no double-click guard).
  const send = page.getByRole('button', { name: 'Send', exact: true });
  await send.click();
  await expect(page.getByText('Please enter a subject for the email.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Subject' }).fill('Your account');
  await send.click();
  await expect(page.getByText('Please enter a message.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Message' }).fill('Thanks for calling today.');
  const originated = page.waitForResponse((response) => response.url().includes('/users/originate_message'));
  await send.click();
  expect((await originated).ok()).toBe(true);
  await expect(page.getByText('Please enter a message.')).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');

  // Right-click edits the phone; separators are stripped and the number saved as its ten digits.
  await page.getByRole('button', { name: /^Phone: / }).click({ button: 'right' });
  const phone = page.getByRole('textbox', { name: 'Phone' });
  await phone.fill('(503) 555-0199');
  await page.getByRole('checkbox', { name: 'Force' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  // Shown (and named) formatted, which only ten digits are.
  await expect(page.getByRole('button', { name: 'Phone: (503) 555-0199' })).toHaveText('(503) 555-0199');

  // An invalid entry is refused before any call, with the spec's alert.
  await page.getByRole('button', { name: /^Birthday: / }).click({ button: 'right' });
  const alerts: string[] = [];
  page.once('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('textbox', { name: 'Birthday' }).fill('1990-02-30');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => alerts).toEqual(['Invalid Entry for field: birthday']);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();

  // DNC on: a reason is required, then the note is in the comments.
  // From the keyboard: a forced click on the switch lands on the sticky navbar when the page is
  // scrolled so that the switch sits under it.
  await page.getByRole('switch', { name: 'DNC (do not contact)' }).focus();
  await page.keyboard.press('Space');
  const modal = page.getByRole('dialog');
  await modal.getByRole('button', { name: 'Confirm' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Please select a reason for DNC.');
  await modal.getByRole('radio', { name: 'User requested' }).check();
  await modal.getByRole('textbox', { name: 'Context (optional)' }).fill('Asked on the phone');
  await screenshot(page, 'user-page-dnc-modal', { animations: 'disabled' });
  await modal.getByRole('button', { name: 'Confirm' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByLabel('Comments', { exact: true })).toContainText(
    /DNC on: User requested - Asked on the phone \(by /,
  );
  await expect(page.getByRole('switch', { name: 'DNC (do not contact)' })).toBeChecked();

  // The composer now says why nothing can be sent.
  await page.getByRole('textbox', { name: 'Subject' }).fill('Hello');
  await page.getByRole('textbox', { name: 'Message' }).fill('Checking in.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText(/is marked Do Not Contact/).first()).toBeVisible();
  await shoot(page, 'user-page-dnc-refusal');
});

test("a customer who is not there is said so, pointing to the one search box, the navbar's", async ({ page }) => {
  await storeSession(page, DEMO_EMAIL);
  await page.goto('/user?ID=987654321');
  await expect(page.getByText('No customer has ID 987654321.')).toBeVisible();
  await expect(page.getByText(/search again with the search box at the top of the page/)).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search', exact: true })).toHaveCount(1);
  // Every id on the page is its own.
  const duplicates = await page.evaluate(() => {
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    return ids.filter((id, index) => ids.indexOf(id) !== index);
  });
  expect(duplicates).toEqual([]);
  await shoot(page, 'user-page-not-found');
});

// A demo customer without DNC with a due payment some days ahead on one of their loans, no other spec took.
async function pickCustomerWithUpcomingPayment(
  page: Page,
): Promise<{ customer: Profile; loan: Loan; payment: Payment }> {
  const headers = { authorization: `Bearer ${await apiTokenOf(page)}` };
  const soon = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  for (let id = 60; id < 200; id += 1) {
    if (isTaken(id)) continue;
    const response = await page.request.get(`${API_URL}/users/search?parameter=ID&search=${id}`, { headers });
    if (!response.ok()) continue;
    const { user, loans } = (await response.json()) as { user: Profile; loans: Loan[] };
    if (user.dnc) continue;
    for (const loan of loans) {
      const payment = loan.payments.find((p) => p.state === 'due' && p.type !== 'EarlyRepayment' && p.due > soon);
      if (payment) return { customer: { ...user, id: take(id) }, loan, payment };
    }
  }
  throw new Error('No demo customer with an upcoming payment.');
}

test('the account tools: all emails, hotlink, a letter by email, custom payment, documents; a 401 signs out', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, DEMO_EMAIL);

  // No search yet: the page says so, with a search box.
  await page.goto('/user');
  await expect(page.getByText(/No Data loaded/)).toBeVisible();
  await shoot(page, 'user-page-no-data');

  const { customer, loan, payment } = await pickCustomerWithUpcomingPayment(page);
  const search = page.getByRole('main').getByRole('searchbox', { name: 'Search', exact: true });
  await search.fill(String(customer.id));
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/user\\?ID=${customer.id}$`));
  await expect(page.getByRole('heading', { name: new RegExp(customer.last_name) })).toBeVisible();

  // A click copies a field.
  await page.getByRole('button', { name: /^Last name: / }).click();
  await expect(page.getByRole('tooltip', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(customer.last_name);

  // Every email, and a new primary one.
  const added = `second.${customer.id}@example.com`;
  await page.getByRole('button', { name: 'All emails' }).click();
  const emails = page.getByRole('table', { name: 'Emails' });
  await expect(emails.getByRole('row')).not.toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Make primary' }).check();
  await page.getByRole('textbox', { name: 'Add an email' }).fill(added);
  await page.getByRole('textbox', { name: 'Add an email' }).press('Enter');
  await expect(emails.getByRole('row').filter({ hasText: added })).toContainText('primary');
  await shoot(page, 'user-page-emails');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: `Email: ${added}` })).toBeVisible();

  // A hotlink, shown with its expiry and copied.
  await page.getByRole('button', { name: 'Generate hotlink' }).click();
  await expect(page.getByRole('textbox', { name: 'Hotlink' })).toHaveValue(/\/hotlink#/);
  await expect(page.getByText(/^Expires /)).toBeVisible();
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
  await shoot(page, 'user-page-hotlink');
  await page.keyboard.press('Escape');

  // An account status letter, emailed; it is then among the documents.
  await page.getByRole('button', { name: 'Send account status' }).click();
  const letter = page.getByRole('dialog', { name: 'Send account status' });
  await letter.getByRole('combobox', { name: 'Loan' }).click();
  await page.getByRole('option', { name: new RegExp(`^Loan #${loan.id} `) }).click();
  await letter.getByRole('radio', { name: 'Email it to the customer' }).check();
  await letter.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(letter.getByText('Success')).toBeVisible();
  await screenshot(page, 'user-page-letter-sent', { animations: 'disabled' });
  await letter.getByRole('button', { name: 'Done' }).click();
  await expect(letter).toBeHidden();

  // Advanced: Update SSN, Custom Payments (the spec's messages before any call), View Documents.
  await page.getByRole('button', { name: 'Advanced' }).click();
  const advanced = page.getByRole('dialog', { name: /Advanced/ });
  await expect(advanced.getByRole('form', { name: 'Update SSN' })).toBeVisible();
  await screenshot(page, 'user-page-advanced-ssn', { animations: 'disabled' });
  await advanced.getByRole('tab', { name: 'Custom Payments' }).click();
  await advanced.getByRole('combobox', { name: 'Loan' }).click();
  await page.getByRole('option', { name: new RegExp(`^#${loan.id} `) }).click();
  const submit = advanced.getByRole('button', { name: 'Make the payment larger' });
  await submit.click();
  await expect(advanced.getByRole('alert')).toHaveText('Please select a value for payment id.');
  await advanced.getByRole('combobox', { name: 'Payment' }).click();
  const due = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${payment.due}T00:00:00Z`),
  );
  await page
    .getByRole('option', { name: new RegExp(`^${due} · `) })
    .first()
    .click();
  await advanced.getByRole('textbox', { name: 'New amount ($)' }).fill('20');
  await submit.click();
  await expect(advanced.getByRole('alert')).toHaveText('Please enter an amount larger than $25');
  await advanced.getByRole('textbox', { name: 'New amount ($)' }).fill(String(payment.expected_amt + 10));
  await submit.click();
  await expect(advanced.getByRole('status')).toContainText(`Payment ${payment.id} is now $`);
  await screenshot(page, 'user-page-custom-payment', { animations: 'disabled' });
  await advanced.getByRole('tab', { name: 'View Documents' }).click();
  await expect(advanced.getByRole('table', { name: 'Documents' })).toContainText(
    new RegExp(`account-status.*-loan-${loan.id}-`),
  );
  await screenshot(page, 'user-page-documents', { animations: 'disabled' });
  await page.keyboard.press('Escape');
  await expect(advanced).toBeHidden();

  // An expired session: the next call on this page signs out with the spec's message.
  const revoked = await page.request.delete(`${API_URL}/employees/sign_out`, {
    headers: { authorization: `Bearer ${await apiTokenOf(page)}` },
  });
  expect(revoked.ok()).toBe(true);
  // Unless a call the page makes by itself (the live stream's) signed out first.
  await page
    .getByRole('textbox', { name: 'New comment' })
    .fill('Called back about the payment.', { timeout: 5_000 })
    .then(() => page.getByRole('button', { name: 'Add', exact: true }).click({ timeout: 5_000 }))
    .catch(() => undefined);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Employee Credentials have expired. Please log in again.')).toBeVisible();
});
