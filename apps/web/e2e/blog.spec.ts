import { API_URL, DEMO_EMAIL, apiTokenOf, expect, screenshot, shoot, signIn, test } from './fixtures.ts';

// The blog editor (spec 001 sections 2, 5, 8, 9): write a draft, let autosave keep it (the page's
// clock is moved on ten minutes), give it an image, publish it and read it at its public url.

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('write a draft, autosave it, publish it with an image and read it at its public url', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signIn(page, DEMO_EMAIL);
  await page.getByRole('button', { name: 'Editors' }).click();
  await page.getByRole('menuitem', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog_post$/);
  await expect(page.getByRole('heading', { name: 'Blog editor' })).toBeVisible();
  await expect(page.getByText('Not saved yet')).toBeVisible();
  const shareOnX = page.locator('a', { hasText: 'Share on X' });
  await expect(shareOnX).toHaveAttribute('data-disabled', 'true');
  await shoot(page, 'blog-new');

  // Nothing filled in: the section 5 messages under 'SOMETHING WENT WRONG!', nothing saved.
  await page.getByRole('button', { name: 'Save draft' }).click();
  const failure = page.getByRole('alert').filter({ hasText: 'SOMETHING WENT WRONG!' });
  await expect(failure).toContainText('POST NEEDS A URL');
  await expect(failure).toContainText('POST NEEDS A CATEGORY');
  await expect(failure).toContainText('POST NEEDS A BODY');
  await shoot(page, 'blog-refused');

  await page.getByLabel('URL').fill('saving-for-a-rainy-day');
  await expect(shareOnX).not.toHaveAttribute('data-disabled', 'true');
  await page.getByPlaceholder('Choose a category').click();
  await page.getByRole('option', { name: 'Guides Deals and Hacks' }).click();
  await page.getByPlaceholder('Add a tag').fill('Savings');
  await page.getByPlaceholder('Add a tag').press('Enter');
  // The body is a textbox named by its label, reached by keyboard from the html switch before it.
  const body = page.getByRole('textbox', { name: 'Post', exact: true });
  await page.getByRole('button', { name: 'Switch between the text and its html' }).focus();
  await page.keyboard.press('Tab');
  await expect(body).toBeFocused();
  await page.keyboard.type('Put a little aside every payday.');

  // Autosave: on for a draft, and after ten minutes (the page's clock moved on) the draft is kept.
  await page.clock.install();
  await page.getByLabel('Autosave every 10 minutes').check();
  await expect(page.getByTestId('last-saved')).toHaveText('Not saved yet · unsaved changes');
  await page.clock.fastForward('10:01');
  await expect(page.getByTestId('last-saved')).toHaveText(/^Last saved at \d{1,2}:\d\d [AP]M$/);
  await expect(page.getByText('The draft is saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/blog_post\?path=saving-for-a-rainy-day$/);
  await shoot(page, 'blog-autosaved');

  const token = await apiTokenOf(page);
  const draft = await page.request.get(`${API_URL}/blog/posts?path=saving-for-a-rainy-day`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await draft.json()).post).toMatchObject({
    live: false,
    html: '<p>Put a little aside every payday.</p>',
    tags: [expect.objectContaining({ name: 'Savings' })],
  });
  // A draft is not public.
  expect((await page.request.get('/blog/saving-for-a-rainy-day')).status()).toBe(404);

  // The image, the meta fields, live: autosave cannot be on for a live post.
  await page.locator('input[type=file]').setInputFiles({ name: 'rainy.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('meta-image-name')).toHaveText('saving-for-a-rainy-day.png');
  await expect(page.getByRole('img', { name: 'The post’s meta image' })).toBeVisible();
  await body.click();
  await page.keyboard.press('End');
  await page.getByRole('button', { name: 'Insert into post' }).click();
  await page.getByLabel('Meta title').fill('Saving for a rainy day');
  await page.getByLabel('Meta description').fill('Small, steady savings make a cushion for surprises.');
  await page.getByLabel('Live').check();
  await expect(page.getByLabel('Autosave every 10 minutes')).toBeDisabled();
  await expect(page.getByLabel('Autosave every 10 minutes')).not.toBeChecked();
  await page.getByRole('button', { name: 'Publish' }).click();
  const published = page.getByRole('status').filter({ hasText: 'The post is up at' });
  await expect(published).toContainText('/blog/saving-for-a-rainy-day');
  await expect(page.getByTestId('last-saved')).not.toContainText('unsaved changes');
  await shoot(page, 'blog-published');

  // Anyone (a browser with no session) reads it at its public url.
  const visitor = await browser.newPage();
  await visitor.goto('/blog/saving-for-a-rainy-day');
  await expect(visitor).toHaveTitle('Saving for a rainy day');
  await expect(visitor.getByRole('heading', { name: 'Saving for a rainy day' })).toBeVisible();
  await expect(visitor.getByText('Put a little aside every payday.')).toBeVisible();
  await expect(visitor.locator('img[src="/blog/images/saving-for-a-rainy-day.png"]')).toBeVisible();
  await screenshot(visitor, 'blog-public', { fullPage: true });
  await visitor.close();

  // Leaving with unsaved changes asks first.
  await page.getByLabel('Meta title').fill('Saving for a rainy day, again');
  await page.getByRole('button', { name: 'Dashboards' }).click();
  await page.getByRole('menuitem', { name: 'Disputes' }).click();
  await expect(page.getByRole('dialog', { name: 'Discard your changes?' })).toBeVisible();
  await shoot(page, 'blog-unsaved-guard');
  await page.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(/\/blog_post/);
});
