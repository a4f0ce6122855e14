import type { Page } from '@playwright/test';
import { API_URL, DEMO_EMAIL, apiTokenOf, expect, screenshot, shoot, signIn, test } from './fixtures.ts';

// Surveys as staff read them (spec 001 sections 2, 3, 7): the demo's first start seeded three
// surveys answered by demo customers. The list, one survey's results with a chart per question and
// its users, one user's answers with their 'No Answer's, and the way there from the user card.

type Results = { users: Array<{ id: number; first_name: string; last_name: string }> };
type Answers = { questions: Array<{ answered: boolean }> };

// A user on the first page of the survey's users who left a question blank, read through the API.
async function userWithNoAnswer(page: Page, path: string) {
  const headers = { authorization: `Bearer ${await apiTokenOf(page)}` };
  const results = await page.request.get(`${API_URL}/survey_results?path=${path}`, { headers });
  expect(results.ok()).toBe(true);
  for (const user of ((await results.json()) as Results).users) {
    const response = await page.request.get(`${API_URL}/survey_response?path=${path}&id=${user.id}`, { headers });
    const answers = (await response.json()) as Answers;
    if (answers.questions.some((question) => !question.answered)) return user;
  }
  throw new Error(`No user on the first page of ${path} left a question blank.`);
}

test('surveys: the list, a survey’s results with charts and users, one user’s answers, the user card’s link', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, DEMO_EMAIL);
  await page.getByRole('button', { name: 'Analytics' }).click();
  await page.getByRole('menuitem', { name: 'Surveys' }).click();
  await expect(page).toHaveURL(/\/surveys$/);

  // The list: the three demo surveys with their counts.
  await expect(page.getByRole('heading', { name: 'Surveys', level: 1 })).toBeVisible();
  const list = page.getByRole('table', { name: 'Surveys' });
  await expect(list.getByRole('row')).toHaveCount(4);
  for (const name of ['Customer service satisfaction', 'Loan experience', 'Loan payoff reasons'])
    await expect(list.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(list.getByLabel(/^\d+ users answered Loan experience$/)).toBeVisible();
  await shoot(page, 'surveys-list');

  // One survey's results: a chart per question, choices ordered by count.
  await list.getByRole('link', { name: 'View results of Loan experience' }).click();
  await expect(page).toHaveURL(/\/surveys\/loan-experience$/);
  await expect(page.getByRole('heading', { name: 'Loan experience', level: 1 })).toBeVisible();
  const first = page.getByRole('region', { name: 'Q1. How did you hear about us?' });
  await expect(first.getByRole('img', { name: /^Chart of the answers to/ })).toBeVisible();
  await expect(first.locator('.recharts-bar-rectangle').first()).toBeVisible();
  const counts = (await first.getByRole('table').getByRole('row').allTextContents()).slice(1);
  expect(counts).toHaveLength(6);
  const numbers = await first
    .getByRole('table')
    .locator('tbody tr td:nth-child(2)')
    .allTextContents()
    .then((cells) => cells.map((cell) => Number(cell.replace(/,/g, ''))));
  expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  await expect(page.getByRole('region', { name: 'Q7. What could we do better?' }).getByText('Free text')).toBeVisible();
  const users = page.getByRole('table', { name: 'Users who answered' });
  await expect(users.getByRole('row')).toHaveCount(51);
  await shoot(page, 'survey-results');
  // The whole page is long: the top as a screen shows it, and a free-text question and the users up close.
  await screenshot(page, 'survey-results-top', { animations: 'disabled' });
  const textQuestion = page.getByRole('region', { name: 'Q7. What could we do better?' });
  await screenshot(textQuestion, 'survey-results-text-question', { animations: 'disabled' });
  // (Scrolled by hand: the sticky navbar would cover the heading of an element screenshot.)
  await page
    .getByRole('heading', { name: 'Users who answered' })
    .evaluate((heading) => window.scrollTo(0, heading.getBoundingClientRect().top + window.scrollY - 90));
  await screenshot(page, 'survey-results-users', { animations: 'disabled' });

  // The next page of users, in the URL.
  const pages = page.getByRole('navigation', { name: 'Pages' });
  const firstUser = await users.getByRole('row').nth(1).textContent();
  await pages.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/surveys\/loan-experience\?page=2$/);
  // The screen has caught up with the URL (the router renders in a transition).
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(users.getByRole('row').nth(1)).not.toHaveText(firstUser ?? '');
  await pages.getByRole('button', { name: 'Page 1' }).click();
  await expect(page).toHaveURL(/\/surveys\/loan-experience$/);
  await expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

  // One user's answers, a blank one says No Answer.
  const user = await userWithNoAnswer(page, 'loan-experience');
  const name = `${user.first_name} ${user.last_name}`;
  await users.getByRole('link', { name: `View answers of ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/survey/loan-experience/${user.id}$`));
  await expect(page.getByRole('heading', { name: `Loan experience: ${name}` })).toBeVisible();
  const answers = page.getByRole('list', { name: 'Answers' }).getByRole('listitem');
  await expect(answers).toHaveCount(7);
  await expect(page.getByRole('list', { name: 'Answers' }).getByText('No Answer').first()).toBeVisible();
  await shoot(page, 'survey-response');

  // Back to the results by the breadcrumbs, then the user card's link to the same answers.
  await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Loan experience' }).click();
  await expect(page).toHaveURL(/\/surveys\/loan-experience$/);
  await page.goto(`/user?ID=${user.id}`);
  await page.getByRole('link', { name: 'Loan experience', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/survey/loan-experience/${user.id}$`));
  await expect(page.getByRole('heading', { name: `Loan experience: ${name}` })).toBeVisible();
});
