import { drawNotice } from '@portal/demo-data/samples';
import { DEMO_EMAIL, expect, shoot, storeSession, test } from './fixtures.ts';

// The bankruptcy dashboard as a back-office employee works it (spec 001 sections 2, 4, 5, 8):
// upload notices, take the next one, correct what was read, process it, and see the customer's
// loan stop its automatic debits. The demo's first start uploaded notices naming demo customers;
// the oldest of them is the next one handed out.

test('upload notices, get the next one, correct it, process it: the customer stops being debited', async ({ page }) => {
  test.setTimeout(240_000);
  await storeSession(page, DEMO_EMAIL);

  await page.goto('/bankruptcy');
  await expect(page.getByRole('heading', { name: 'Upload New Bankruptcy Notices' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload Files' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please select at least one file to upload.' })).toBeVisible();
  const files = await Promise.all(
    (['chapter7', 'chapter13', 'discharge'] as const).map(async (kind, index) => ({
      name: `${kind}-upload.pdf`,
      mimeType: 'application/pdf',
      buffer: Buffer.from(await drawNotice(kind, { caseNumber: `25-3000${index}` }, { pages: 2 })),
    })),
  );
  await page.getByTestId('pdf-file-input').setInputFiles(files);
  await expect(page.getByText('3 files selected')).toBeVisible();
  await shoot(page, 'bankruptcy-landing-files-chosen');
  await page.getByRole('button', { name: 'Upload Files' }).click();
  await expect(page.getByText('3 bankruptcy notice(s) uploaded successfully.')).toBeVisible();
  await expect(page.getByText('3 files selected')).toHaveCount(0);

  await page.getByRole('link', { name: 'View Unprocessed Notices' }).click();
  await expect(page).toHaveURL(/\/bankruptcy\/unprocessed/);
  await expect(page.getByRole('heading', { name: 'Unresolved Bankruptcy Notices' })).toBeVisible();
  await expect(page.getByRole('row')).not.toHaveCount(1);
  await shoot(page, 'bankruptcy-unprocessed-list');

  await page.getByRole('button', { name: 'Get Next Notice' }).click();
  await expect(page).toHaveURL(/\/bankruptcy\/notice\/\d+$/);
  await expect(page.getByRole('heading', { name: /^Bankruptcy Notice #\d+$/ })).toBeVisible();
  await expect(page.getByText(/Matched customer: #\d+/)).toBeVisible();
  await shoot(page, 'bankruptcy-notice-view');

  // The customer it names, and their loans as they stand.
  const customerLink = page.getByRole('link', { name: /^#\d+ / }).first();
  const customerHref = await customerLink.getAttribute('href');
  expect(customerHref).toMatch(/\/user\?ID=\d+/);

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const caseNumber = page.getByLabel('Case number');
  await caseNumber.fill('');
  await expect(page.getByText('Case number is required.')).toBeVisible();
  await shoot(page, 'bankruptcy-notice-edit-warning');
  await caseNumber.fill('24-99001');
  // Picking the chosen option again keeps it (issue 28: re-picking chapter 7 emptied the field,
  // it was saved empty and Process said 'Bankruptcy type is required.').
  for (const label of ['Bankruptcy type', 'Notice type']) {
    const select = page.getByRole('combobox', { name: label });
    const chosen = await select.inputValue();
    expect(chosen).not.toBe('');
    await select.click();
    await page.getByRole('option', { name: chosen, exact: true }).click();
    await expect(select).toHaveValue(chosen);
  }
  await expect(page.getByText(/is required\./)).toHaveCount(0);
  const chapter = await page.getByRole('combobox', { name: 'Bankruptcy type' }).inputValue();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Notice updated successfully.')).toBeVisible();
  await expect(page.getByText('24-99001')).toBeVisible();

  await page.getByRole('button', { name: 'Process Notice' }).click();
  await expect(page.getByText('Notice processed successfully.')).toBeVisible();
  const stopped = page.getByText(/Automatic debits stopped on loan\(s\) #\d+/);
  await expect(stopped).toBeVisible();
  const loanId = /#(\d+)/.exec((await stopped.textContent()) ?? '')?.[1];
  await expect(page.getByRole('button', { name: 'Process Notice' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Get Next Notice' })).toBeVisible();
  await shoot(page, 'bankruptcy-notice-processed');

  // On the customer's page, the loan's automatic debits are off.
  await page.goto(customerHref!);
  await expect(page.getByText('ACH OFF').first()).toBeVisible();
  await expect(page.getByText(/Bankruptcy notice #\d+ processed/).first()).toBeVisible();
  await shoot(page, 'bankruptcy-customer-after-processing');

  // The FCRA lookup's Discharge form starts from the case on file (issue 28).
  await page.goto(`/fcra/lookup?loan_id=${loanId}`);
  const user = page.getByRole('region', { name: 'User detail' });
  await expect(user.getByText('24-99001', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Discharge bankruptcy' }).click();
  const discharge = page.getByRole('dialog', { name: 'Discharge bankruptcy' });
  await expect(discharge.getByRole('textbox', { name: 'Case code' })).toHaveValue('2499001');
  await expect(discharge.getByLabel(/Bankruptcy type/)).toHaveValue(chapter);
  await shoot(page, 'bankruptcy-fcra-discharge-prefilled');
});
