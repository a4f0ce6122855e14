import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { saveSession } from '../../../lib/session.ts';
import { apiCallsSettled, callsTo, type ApiAnswers } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { IncomeReviewPage } from './income-review-page.tsx';
import { REVIEW, answerIncomeCalls, reviewAnswer, reviewItemFixture } from '../../../test/income-review-fixtures.ts';

// The income review screen's states, header and paystub feed (spec 001 sections 2, 3, 4) against a
// fake server.

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  saveSession(sessionFixture({ employeeId: 7 }));
});

function renderPage(server: ApiAnswers) {
  const sent = answerIncomeCalls(server);
  const rendered = renderWithProviders(<IncomeReviewPage />, { route: '/income' });
  return Object.assign(sent, { unmount: rendered.unmount });
}

function stubObjectUrls() {
  let next = 0;
  const create = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:portal/paystub-${++next}`);
  const revoke = vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  onTestFinished(() => {
    create.mockRestore();
    revoke.mockRestore();
  });
  return { create, revoke };
}

describe('the income review page', () => {
  it('checks for a loan, then says none needs review', async () => {
    const sent = renderPage({ [REVIEW]: [200, reviewAnswer(null, 0)] });
    expect(screen.getByRole('heading', { name: 'Income Review', level: 2 })).toBeInTheDocument();
    expect(screen.getByLabelText('Checking for loans that need review')).toBeInTheDocument();
    expect(await screen.findByText('There are no loans that need review')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Verify Income' })).not.toBeInTheDocument();
    expect(callsTo(sent, REVIEW)).toHaveLength(1);
  });

  it('hands the loan it holds back when the screen is left, and nothing when it holds none', async () => {
    stubObjectUrls();
    const sent = renderPage({
      [REVIEW]: [200, reviewAnswer(reviewItemFixture(), 3)],
      'PATCH income/release': [200, { message: 'ok', need_review_total: 3 }],
    });
    expect(await screen.findByText('3 loans need review')).toBeInTheDocument();
    expect(callsTo(sent, 'PATCH income/release')).toHaveLength(0);
    sent.unmount();
    await waitFor(() => expect(callsTo(sent, 'PATCH income/release')).toHaveLength(1));
    expect(callsTo(sent, 'PATCH income/release')[0]?.body).toEqual({ loan_id: 901 });

    const empty = renderPage({ [REVIEW]: [200, reviewAnswer(null, 0)] });
    expect(await screen.findByText('There are no loans that need review')).toBeInTheDocument();
    empty.unmount();
    await apiCallsSettled();
    expect(callsTo(empty, 'PATCH income/release')).toHaveLength(0);
  });

  it('shows the count, the loan, its customer and last ticket, and the paystubs', async () => {
    stubObjectUrls();
    renderPage({ [REVIEW]: [200, reviewAnswer(reviewItemFixture(), 3)] });
    expect(await screen.findByText('3 loans need review')).toBeInTheDocument();
    const header = screen.getByRole('region', { name: 'Loan under review' });
    expect(within(header).getByText('#901')).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Maria Garcia' })).toHaveAttribute('href', '/user?ID=38');
    expect(within(header).getByRole('link', { name: '#77' })).toHaveAttribute('href', '/?ticket=77');
    expect(within(header).getByText('$1,250.00')).toBeInTheDocument();

    const list = screen.getByRole('list', { name: 'Paystubs of the loan' });
    const entries = within(list).getAllByRole('button');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('New');
    expect(entries[1]).toHaveTextContent('Reviewed Feb 21, 2026');
    expect(entries[0]).toHaveAttribute('aria-current', 'true');
  });

  it('shows a picture paystub from a blob URL and switches to a PDF one in a frame', async () => {
    const { revoke } = stubObjectUrls();
    const sent = renderPage({ [REVIEW]: [200, reviewAnswer(reviewItemFixture())] });
    const image = await screen.findByRole('img', { name: 'Paystub paystub-march.png' });
    expect(image).toHaveAttribute('src', 'blob:portal/paystub-1');
    const fileCall = sent.find((call) => call.path === 'documents/501');
    expect(fileCall).toBeDefined();

    const list = screen.getByRole('list', { name: 'Paystubs of the loan' });
    await userEvent.click(within(list).getAllByRole('button')[1]!);
    const frame = await screen.findByTitle('Paystub paystub-february.pdf');
    await waitFor(() => expect(frame).toHaveAttribute('src', 'blob:portal/paystub-2'));
    expect(revoke).toHaveBeenCalledWith('blob:portal/paystub-1');
    expect(screen.queryByRole('img', { name: 'Paystub paystub-march.png' })).not.toBeInTheDocument();
  });

  it('leaves the last ticket out when the customer has none', async () => {
    stubObjectUrls();
    renderPage({ [REVIEW]: [200, reviewAnswer(reviewItemFixture({ last_ticket_id: null }))] });
    const header = await screen.findByRole('region', { name: 'Loan under review' });
    expect(within(header).queryByText('Last ticket')).not.toBeInTheDocument();
  });

  it('says why when the next loan cannot be loaded', async () => {
    renderPage({ [REVIEW]: [500, { errors: ['Database unavailable.'] }] });
    expect(await screen.findByText('The next loan could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable.')).toBeInTheDocument();
  });
});
