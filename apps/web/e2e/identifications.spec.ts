import type { Locator, Page } from '@playwright/test';
import { DEMO_EMAIL, expect, screenshot, shoot, signIn, test } from './fixtures.ts';

// Identification review as underwriting works it (spec 001 sections 2-5, 8, 9): the demo's first
// start kept five applicants' drawn licences and selfies through the customer-side upload path
// (four regular cards, one on manual fraud hold; one photo carries an EXIF date, two routing
// numbers are the flagged ones). Look at the cards, zoom an image, then decide: approve, request
// new documents, cancel after confirming, and put one on manual fraud hold.

const regular = (page: Page) => page.getByRole('region', { name: /^Regular Cases/ });
const cards = (page: Page) => regular(page).getByRole('article');
const groupButton = (page: Page, name: RegExp) => page.getByRole('button', { name });

async function decide(card: Locator, label: string): Promise<void> {
  await card.getByRole('button', { name: label, exact: true }).click();
}

test('review identifications: the two groups, a zoomed licence, the EXIF warning, and each decision', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, DEMO_EMAIL);
  await page.getByRole('button', { name: 'Dashboards' }).click();
  await page.getByRole('menuitem', { name: 'Identifications' }).click();
  await expect(page).toHaveURL(/\/identifications$/);
  await expect(page.getByRole('heading', { name: 'Identifications', exact: true })).toBeVisible();
  await expect(groupButton(page, /^Regular Cases \(4\)/)).toBeVisible();
  await expect(groupButton(page, /^Manual Hold Cases \(1\)/)).toBeVisible();
  await expect(cards(page)).toHaveCount(4);
  // The manual group starts closed.
  await expect(page.getByText('Manual fraud hold', { exact: true })).toHaveCount(0);

  // The drawn images arrive (fetched with the session), the bands are coloured, two routing numbers flagged.
  await expect(cards(page).first().getByRole('img').first()).toHaveJSProperty('complete', true);
  await expect(regular(page).getByText('Flagged routing number')).toHaveCount(2);
  await expect(regular(page).getByText('Low risk')).toHaveCount(2);
  await expect(regular(page).getByText('Moderate risk')).toHaveCount(1);
  await expect(regular(page).getByText('No score')).toHaveCount(1);
  const withExif = cards(page).filter({ hasText: 'Image with EXIF data' });
  await expect(withExif).toHaveCount(1);
  await expect(withExif.getByText(/EXIF date_time 2021-06-14 09:32:10/)).toBeVisible();
  await expect(withExif.getByRole('table', { name: 'Analytics checks' })).toContainText(
    'Address not found at the bureaus',
  );
  await shoot(page, 'identifications-regular');

  await withExif.getByRole('button', { name: /^Enlarge Identification/ }).click();
  const zoomed = page.getByRole('dialog');
  await expect(zoomed.getByRole('img', { name: /, enlarged$/ })).toBeVisible();
  await screenshot(page, 'identifications-zoomed-licence', { animations: 'disabled' });
  await page.keyboard.press('Escape');
  await expect(zoomed).toHaveCount(0);

  // Approve the first card: it leaves the group.
  const first = cards(page).first();
  const firstName = (await first.getAttribute('aria-label')) ?? '';
  await decide(first, 'Approve');
  await expect(page.getByText(/identification is approved \(DL(-SSN)? verified\)/)).toBeVisible();
  await expect(groupButton(page, /^Regular Cases \(3\)/)).toBeVisible();
  await expect(page.getByRole('article', { name: firstName })).toHaveCount(0);

  // Request new documents with a reason.
  await decide(cards(page).first(), 'Request New Documents');
  const request = page.getByRole('dialog', { name: 'Request New Documents' });
  await request.getByLabel('Reason (optional)').fill('the licence photo is blurry');
  await screenshot(page, 'identifications-request', { animations: 'disabled' });
  await request.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(/New documents requested from .* by (text|email)\./)).toBeVisible();
  await expect(groupButton(page, /^Regular Cases \(2\)/)).toBeVisible();

  // Cancel needs a confirmation; going back changes nothing.
  await decide(cards(page).first(), 'Cancel Loan');
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toBeVisible();
  await screenshot(page, 'identifications-confirm-cancel', { animations: 'disabled' });
  await confirm.getByRole('button', { name: 'Go back' }).click();
  await expect(groupButton(page, /^Regular Cases \(2\)/)).toBeVisible();
  await decide(cards(page).first(), 'Cancel Loan');
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes, Cancel Loan' }).click();
  // At night for the customer, the notice telling them waits for their hours, and the answer says so.
  await expect(
    page.getByText(
      /^Loan \d+ is cancelled\.( The (text|email) to .+ is held for the customer's quiet hours, not sent yet: .+)?$/,
    ),
  ).toBeVisible();
  await expect(groupButton(page, /^Regular Cases \(1\)/)).toBeVisible();

  // Manual fraud hold moves the last card to the manual group.
  await decide(cards(page).first(), 'Manual Fraud Hold');
  await page
    .getByRole('dialog', { name: 'Are you sure?' })
    .getByRole('button', { name: 'Yes, Manual Fraud Hold' })
    .click();
  await expect(page.getByText(/is on manual fraud hold; the card is in Manual Hold Cases\./)).toBeVisible();
  await expect(groupButton(page, /^Regular Cases \(0\)/)).toBeVisible();
  await expect(groupButton(page, /^Manual Hold Cases \(2\)/)).toBeVisible();
  await expect(regular(page).getByText('No cases')).toBeVisible();
  await groupButton(page, /^Manual Hold Cases/).click();
  const held = page.getByRole('region', { name: /^Manual Hold Cases/ }).getByRole('article');
  await expect(held).toHaveCount(2);
  await expect(held.first().getByRole('button', { name: 'Manual Fraud Hold', exact: true })).toHaveCount(0);
  await shoot(page, 'identifications-manual-hold');
});
