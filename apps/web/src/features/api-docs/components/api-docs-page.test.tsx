import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session.ts';
import { answerApiCalls } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { apiDocumentFixture } from '../api-docs-fixture.ts';
import { ApiDocsPage } from './api-docs-page.tsx';

const DOCUMENT = 'GET openapi.json';

// An operation's control is named by all it shows: method and path, then summary and access.
const operation = (name: string) => new RegExp(`^${name.replace(/[/.]/g, '\\$&')}(?: |$)`);

describe('ApiDocsPage', () => {
  it('fetches the document with the bearer token and lists its operations by domain', async () => {
    saveSession(sessionFixture({ apiToken: 'secret-token' }));
    const sent = answerApiCalls({ [DOCUMENT]: [200, apiDocumentFixture] });
    renderWithProviders(<ApiDocsPage />);

    expect(await screen.findByRole('heading', { name: 'The Portal API' })).toBeInTheDocument();
    expect(sent[0]?.url).toBe('/internal/api/openapi.json');
    expect(sent[0]?.headers.get('Authorization')).toBe('Bearer secret-token');
    const loans = screen.getByRole('region', { name: 'loans' });
    expect(
      within(loans).getByRole('button', { name: operation('PATCH /internal/api/toggle_ach') }),
    ).toBeInTheDocument();
    expect(within(loans).getByRole('button', { name: operation('GET /internal/api/loan_info') })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'session' })).toHaveTextContent('Public');
    // Its name holds the words it shows (WCAG 2.5.3), so "click PATCH /internal/api/toggle_ach" works.
    const toggleAch = within(loans).getByRole('button', { name: operation('PATCH /internal/api/toggle_ach') });
    expect(toggleAch).not.toHaveAttribute('aria-label');
    expect(toggleAch).toHaveAccessibleName('PATCH /internal/api/toggle_ach loans.toggleAch Staff session');
  });

  it("shows an operation's request body and answers when opened", async () => {
    answerApiCalls({ [DOCUMENT]: [200, apiDocumentFixture] });
    renderWithProviders(<ApiDocsPage />);
    await userEvent.click(await screen.findByRole('button', { name: operation('PATCH /internal/api/toggle_ach') }));
    expect(
      await screen.findByLabelText('Request body of PATCH /internal/api/toggle_ach (application/json)'),
    ).toHaveTextContent('"loan_id"');
    expect(
      screen.getByLabelText('Response default of PATCH /internal/api/toggle_ach (application/json)'),
    ).toHaveTextContent('"errors"');
  });

  it('filters the operations', async () => {
    answerApiCalls({ [DOCUMENT]: [200, apiDocumentFixture] });
    renderWithProviders(<ApiDocsPage />);
    await userEvent.type(await screen.findByLabelText('Filter operations'), 'webhooks');
    expect(
      screen.getByRole('button', { name: operation('POST /internal/api/webhooks/twilio/sms') }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'loans' })).not.toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Filter operations'));
    await userEvent.type(screen.getByLabelText('Filter operations'), 'no such call');
    expect(screen.getByText('No operation matches.')).toBeInTheDocument();
  });

  it('says so when the document cannot be loaded', async () => {
    answerApiCalls({ [DOCUMENT]: [503, { errors: ['The database is unavailable.'] }] });
    renderWithProviders(<ApiDocsPage />);
    // A 5xx is retried once before the page gives up.
    expect(await screen.findByText('The database is unavailable.', {}, { timeout: 4000 })).toBeInTheDocument();
  });
});
