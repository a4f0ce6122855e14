import { expect, test, type Page } from '@playwright/test';
import { API_URL, DEMO_EMAIL, apiTokenOf, screenshotPath, signIn } from './fixtures.ts';

type Profile = { id: number; first_name: string; last_name: string; dnc: boolean };

// A demo customer without DNC whose full name is theirs alone among the first ones, read through the API.
async function pickCustomer(page: Page): Promise<Profile> {
  const headers = { authorization: `Bearer ${await apiTokenOf(page)}` };
  for (let id = 2; id < 60; id += 1) {
    const response = await page.request.get(`${API_URL}/users/search?parameter=ID&search=${id}`, { headers });
    if (!response.ok()) continue;
    const { user } = (await response.json()) as { user: Profile };
    if (!user.dnc) return user;
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
  await page.screenshot({ path: screenshotPath('user-page-suggestions'), fullPage: true });
  await suggestions
    .getByRole('row')
    .filter({ hasText: `#${customer.id}` })
    .first()
    .click();

  // The card of that customer.
  await expect(page).toHaveURL(new RegExp(`/user\\?ID=${customer.id}$`));
  await expect(page.getByRole('heading', { name: new RegExp(customer.last_name) })).toBeVisible();
  await page.screenshot({ path: screenshotPath('user-page-card'), fullPage: true });

  // Right-click edits the phone; separators are stripped and the number saved as its ten digits.
  await page.getByRole('button', { name: /^Phone: / }).click({ button: 'right' });
  const phone = page.getByRole('textbox', { name: 'Phone' });
  await phone.fill('(503) 555-0199');
  await page.getByRole('checkbox', { name: 'Force' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Phone: 5035550199' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Phone: 5035550199' })).toHaveText('(503) 555-0199');

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
  await page.getByRole('button', { name: 'Cancel' }).click();

  // DNC on: a reason is required, then the note is in the comments.
  await page.getByRole('switch', { name: 'DNC (do not contact)' }).click({ force: true });
  const modal = page.getByRole('dialog');
  await modal.getByRole('button', { name: 'Confirm' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Please select a reason for DNC.');
  await modal.getByRole('radio', { name: 'User requested' }).check();
  await modal.getByRole('textbox', { name: 'Context (optional)' }).fill('Asked on the phone');
  await page.screenshot({ path: screenshotPath('user-page-dnc-modal'), fullPage: true });
  await modal.getByRole('button', { name: 'Confirm' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByLabel('Comments')).toContainText(/DNC on: User requested - Asked on the phone \(by /);
  await expect(page.getByRole('switch', { name: 'DNC (do not contact)' })).toBeChecked();

  // The composer now says why nothing can be sent.
  await page.getByRole('textbox', { name: 'Subject' }).fill('Hello');
  await page.getByRole('textbox', { name: 'Message' }).fill('Checking in.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText(/is marked Do Not Contact/).first()).toBeVisible();
  await page.screenshot({ path: screenshotPath('user-page-dnc-refusal'), fullPage: true });
});

test('a customer who is not there is said so, with the search box ready', async ({ page }) => {
  await signIn(page, DEMO_EMAIL);
  await page.goto('/user?ID=987654321');
  await expect(page.getByText('No customer has ID 987654321.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('searchbox', { name: 'Search', exact: true })).toBeFocused();
  await page.screenshot({ path: screenshotPath('user-page-not-found'), fullPage: true });
});
