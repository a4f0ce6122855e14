import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  RESPONSE,
  RESULTS,
  responseFixture,
  resultsFixture,
} from '../../features/surveys/components/survey-fixtures.ts';
import { saveSession } from '../../lib/session.ts';
import { answerApiCalls, callsTo } from '../../test/api-server.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { sessionFixture } from '../../test/session-fixture.ts';
import { SurveyResponseRoute } from './survey-response-route.tsx';
import { SurveyResultsRoute } from './survey-results-route.tsx';

// The survey screens as the router shows them (spec 001 section 2): /surveys/{path} and
// /survey/{path}/{id}, and the way from one to the other.

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  saveSession(sessionFixture());
});

function renderAt(route: string) {
  return renderWithProviders(<></>, {
    route,
    extraRoutes: (
      <>
        <Route path="surveys/:path" element={<SurveyResultsRoute />} />
        <Route path="survey/:path/:id" element={<SurveyResponseRoute />} />
      </>
    ),
  });
}

const location = () => screen.getByTestId('location').textContent;

describe('the survey routes', () => {
  it("goes from a survey's results to one user's answers and back", async () => {
    const sent = answerApiCalls({ [RESULTS]: [200, resultsFixture()], [RESPONSE]: [200, responseFixture()] });
    renderAt('/surveys/loan-experience');
    await userEvent.click(await screen.findByRole('link', { name: 'View answers of Maria Garcia' }));
    expect(await screen.findByRole('heading', { name: 'Loan experience: Maria Garcia' })).toBeInTheDocument();
    expect(location()).toBe('/survey/loan-experience/38');
    expect(callsTo(sent, RESPONSE)[0]?.query.get('id')).toBe('38');
    await userEvent.click(screen.getByRole('link', { name: 'Back to results' }));
    expect(await screen.findByRole('heading', { name: 'Loan experience', level: 1 })).toBeInTheDocument();
    expect(location()).toBe('/surveys/loan-experience');
  });

  it("sends a user id that is not a number to the survey's results", async () => {
    const sent = answerApiCalls({ [RESULTS]: [200, resultsFixture()] });
    renderAt('/survey/loan-experience/abc');
    await waitFor(() => expect(location()).toBe('/surveys/loan-experience'));
    expect(callsTo(sent, RESPONSE)).toHaveLength(0);
  });
});
