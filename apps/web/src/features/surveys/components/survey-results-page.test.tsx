import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session.ts';
import { answerApiCalls, callsTo, type ApiAnswers } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { RESULTS, resultsFixture } from './survey-fixtures.ts';
import { SurveyResultsPage } from './survey-results-page.tsx';

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  saveSession(sessionFixture());
});

function renderPage(server: ApiAnswers, route = '/surveys/loan-experience') {
  const sent = answerApiCalls(server);
  renderWithProviders(<SurveyResultsPage path="loan-experience" />, { route });
  return sent;
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('the survey results', () => {
  it('shows each question with its format, its choices in order of count with percentages, and a chart', async () => {
    renderPage({ [RESULTS]: [200, resultsFixture()] });
    expect(screen.getByText('Loading survey results...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Loan experience', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/4 users answered · 3 questions/)).toBeInTheDocument();

    const easy = screen.getByRole('region', { name: 'Q1. How easy was applying?' });
    expect(within(easy).getByText('Multiple choice')).toBeInTheDocument();
    expect(within(easy).getByText('3 answers · 1 No Answer')).toBeInTheDocument();
    expect(
      within(easy).getByRole('img', { name: 'Chart of the answers to: How easy was applying?' }),
    ).toBeInTheDocument();
    expect(rowsOf(within(easy).getByRole('table'))).toEqual([
      ['Easy', '2', '66.7%'],
      ['Very easy', '1', '33.3%'],
      ['Hard', '0', '0%'],
    ]);

    const text = screen.getByRole('region', { name: 'Q2. Anything else?' });
    expect(within(text).getByText('Free text')).toBeInTheDocument();
    expect(within(text).getByRole('columnheader', { name: 'Answer' })).toBeInTheDocument();
    expect(within(text).getByText('The 2 most frequent answers; 2 other answers not shown.')).toBeInTheDocument();

    // Nobody answered: no chart, and it says so.
    const rating = screen.getByRole('region', { name: 'Q3. Would you borrow again?' });
    expect(within(rating).getByText('Rating')).toBeInTheDocument();
    expect(within(rating).getByText('Nobody has answered this question yet.')).toBeInTheDocument();
    expect(within(rating).queryByRole('img')).not.toBeInTheDocument();
  });

  it('lists the users, each linking to their answers and their user page, with when they answered', async () => {
    renderPage({ [RESULTS]: [200, resultsFixture()] });
    const table = await screen.findByRole('table', { name: 'Users who answered' });
    expect(screen.getByLabelText('Users who answered count')).toHaveTextContent('104');
    const [maria] = within(table).getAllByRole('row').slice(1);
    expect(within(maria!).getByRole('link', { name: 'Maria Garcia' })).toHaveAttribute('href', '/user?ID=38');
    const answers = within(maria!).getByRole('link', { name: 'View answers of Maria Garcia' });
    expect(answers).toHaveAttribute('href', '/survey/loan-experience/38');
    // The name starts with the words shown (WCAG 2.5.3): a speech user says "click View answers".
    expect(answers).toHaveTextContent(/^View answers$/);
    expect(within(maria!).getByText(/Nov 20, 2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Surveys' })).toHaveAttribute('href', '/surveys');
  });

  it('pages the users: the page is in the URL and sent with the call', async () => {
    const sent = renderPage({
      [RESULTS]: (call) => [
        200,
        resultsFixture({
          pagination: { current_page: Number(call.query.get('page')), total_pages: 3, total_count: 104 },
        }),
      ],
    });
    await screen.findByRole('table', { name: 'Users who answered' });
    expect(callsTo(sent, RESULTS)[0]?.query.get('path')).toBe('loan-experience');
    expect(callsTo(sent, RESULTS)[0]?.query.get('page')).toBe('1');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/surveys/loan-experience?page=2'));
    await waitFor(() => expect(callsTo(sent, RESULTS).at(-1)?.query.get('page')).toBe('2'));
    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/surveys\/loan-experience$/));
  });

  it('goes back to the last page when the page asked for is past it', async () => {
    renderPage(
      {
        [RESULTS]: (call) => [
          200,
          resultsFixture({
            users: call.query.get('page') === '3' ? resultsFixture().users : [],
            pagination: { current_page: Number(call.query.get('page')), total_pages: 3, total_count: 104 },
          }),
        ],
      },
      '/surveys/loan-experience?page=9',
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/surveys/loan-experience?page=3'));
    expect(await screen.findByRole('link', { name: 'Maria Garcia' })).toBeInTheDocument();
  });

  it('says when nobody has answered the survey yet', async () => {
    renderPage({
      [RESULTS]: [
        200,
        resultsFixture({ count: 0, users: [], pagination: { current_page: 1, total_pages: 1, total_count: 0 } }),
      ],
    });
    expect(await screen.findByText('Nobody has answered this survey yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Users who answered' })).not.toBeInTheDocument();
  });

  it("shows an unknown survey's 404 sentence, with the way back to the list", async () => {
    renderPage({
      [RESULTS]: [
        404,
        { errors: ["There is no survey at the path 'loan-experience'. Pick one from the list of surveys."] },
      ],
    });
    expect(
      await screen.findByText("There is no survey at the path 'loan-experience'. Pick one from the list of surveys."),
    ).toBeInTheDocument();
    expect(screen.getByText('Not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Surveys' })).toHaveAttribute('href', '/surveys');
  });
});
