import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session.ts';
import { answerApiCalls, callsTo } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { SURVEYS, surveysFixture } from './survey-fixtures.ts';
import { SurveysPage } from './surveys-page.tsx';

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  saveSession(sessionFixture());
});

describe('the surveys list', () => {
  it('shows each survey with its path and how many users answered, each linking to its results', async () => {
    answerApiCalls({ [SURVEYS]: [200, surveysFixture()] });
    renderWithProviders(<SurveysPage />, { route: '/surveys' });
    expect(screen.getByRole('heading', { name: 'Surveys' })).toBeInTheDocument();
    expect(screen.getByText('Loading surveys...')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Surveys' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Customer service satisfaction' })).toHaveAttribute(
      'href',
      '/surveys/customer-service',
    );
    expect(within(rows[0]!).getByText('customer-service')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('1,204')).toBeInTheDocument();
    expect(
      within(rows[0]!).getByRole('link', { name: 'View results of Customer service satisfaction' }),
    ).toHaveAttribute('href', '/surveys/customer-service');
    expect(within(rows[1]!).getByText('No answers yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });

  it('says when there are no surveys', async () => {
    answerApiCalls({ [SURVEYS]: [200, { surveys: [] }] });
    renderWithProviders(<SurveysPage />, { route: '/surveys' });
    expect(await screen.findByText('There are no surveys yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the server's error and asks again on Try again", async () => {
    let failing = true;
    const sent = answerApiCalls({
      [SURVEYS]: () =>
        failing ? [503, { errors: ['The database cannot be reached right now.'] }] : [200, surveysFixture()],
    });
    renderWithProviders(<SurveysPage />, { route: '/surveys' });
    // A 5xx is retried once by the query client before the error shows.
    expect(await screen.findByText('Error loading surveys', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('The database cannot be reached right now.')).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Surveys' })).toBeInTheDocument();
    expect(callsTo(sent, SURVEYS)).toHaveLength(3);
  });
});
