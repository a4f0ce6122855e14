import type { ReactElement } from 'react';
import { Route } from 'react-router';
import { screen } from '@testing-library/react';
import { answerApiCalls, type ApiAnswers } from './api-server.ts';
import { renderWithProviders } from './render.tsx';

// The week a card of the customer-service dashboard is asked about in its tests.
export const CARD_RANGE = { start: '2026-11-16', end: '2026-11-22' };

// One card of the dashboard on a screen of its own, against a fake server; what it sent.
export function renderAnalyticsCard(card: ReactElement, answers: ApiAnswers) {
  const sent = answerApiCalls(answers);
  renderWithProviders(<></>, { route: '/card', extraRoutes: <Route path="card" element={card} /> });
  return sent;
}

// A figure of a card, by its name.
export const figure = (label: string) => screen.getByRole('group', { name: label });
