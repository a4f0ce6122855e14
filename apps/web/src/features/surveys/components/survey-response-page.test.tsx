import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session.ts';
import { answerApiCalls, callsTo, type ApiAnswers } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { RESPONSE, responseFixture } from './survey-fixtures.ts';
import { SurveyResponsePage } from './survey-response-page.tsx';

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  saveSession(sessionFixture());
});

function renderPage(server: ApiAnswers) {
  const sent = answerApiCalls(server);
  renderWithProviders(<SurveyResponsePage path="loan-experience" id={38} />, { route: '/survey/loan-experience/38' });
  return sent;
}

describe("a user's survey answers", () => {
  it("shows each question with the user's answer, and 'No Answer' where blank", async () => {
    const sent = renderPage({ [RESPONSE]: [200, responseFixture()] });
    expect(screen.getByText('Loading answers...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Loan experience: Maria Garcia' })).toBeInTheDocument();
    expect(callsTo(sent, RESPONSE)[0]?.query.toString()).toBe('id=38&path=loan-experience');

    const answers = within(screen.getByRole('list', { name: 'Answers' })).getAllByRole('listitem');
    expect(answers.map((item) => within(item).getByTestId('answer').textContent)).toEqual(['Easy', '4', 'No Answer']);
    expect(within(answers[1]!).getByText('on a scale of 1 to 5')).toBeInTheDocument();
    expect(within(answers[2]!).getByText('Free text')).toBeInTheDocument();
    expect(answers[0]).toHaveAccessibleName('Q1. How easy was applying?');
  });

  it('links back to the results, the list and the user page', async () => {
    renderPage({ [RESPONSE]: [200, responseFixture()] });
    await screen.findByRole('heading', { name: 'Loan experience: Maria Garcia' });
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getByRole('link', { name: 'Surveys' })).toHaveAttribute('href', '/surveys');
    expect(within(crumbs).getByRole('link', { name: 'Loan experience' })).toHaveAttribute(
      'href',
      '/surveys/loan-experience',
    );
    expect(screen.getByRole('link', { name: 'Back to results' })).toHaveAttribute('href', '/surveys/loan-experience');
    const user = screen.getByRole('link', { name: 'Maria Garcia (user 38)' });
    expect(user).toHaveAttribute('href', '/user?ID=38');
    // In a line of grey text it is underlined, not told apart by colour alone (axe link-in-text-block).
    expect(user).toHaveAttribute('data-underline', 'always');
  });

  it("shows the server's sentence when the user has not answered", async () => {
    renderPage({ [RESPONSE]: [404, { errors: ["Customer 38 has not answered the survey 'Loan experience'."] }] });
    expect(await screen.findByText("Customer 38 has not answered the survey 'Loan experience'.")).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Survey answers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to results' })).toHaveAttribute('href', '/surveys/loan-experience');
  });
});
