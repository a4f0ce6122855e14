import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NAME_MATCH_MESSAGE } from '@portal/contracts';
import { readFlashes } from '../../../lib/flash.ts';
import { saveSession } from '../../../lib/session.ts';
import { callsTo, noConnection, type ApiAnswers } from '../../../test/api-server.ts';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { renderIncomeReview } from './render-income-review.tsx';
import {
  REVIEW,
  VERIFY,
  reviewAnswer,
  reviewItemFixture,
  reviewsInTurn,
} from '../../../test/income-review-fixtures.ts';

// The verify form (spec 001 sections 5, 8, 9): the shared rules refuse before anything is sent;
// the server's refusals show above the form.

vi.setConfig({ testTimeout: 30_000 });

const SERVER_ERROR = 'There was an error on the server. Please contact Engineering.';

beforeEach(() => {
  saveSession(sessionFixture({ employeeId: 7 }));
});

async function renderPage(server: ApiAnswers) {
  const sent = renderIncomeReview(server);
  return { sent, form: await screen.findByRole('form', { name: 'Verify Income' }) };
}

type Fill = Partial<{
  nameMatch: boolean;
  paystubDate: string;
  gross: string;
  net: string;
  frequency: string;
  startDate: string;
  endDate: string;
}>;

const VALID: Fill = {
  nameMatch: true,
  paystubDate: '2026-03-06',
  gross: '2400.00',
  net: '1875.50',
  frequency: 'Bi-weekly',
};

async function fillIn(form: HTMLElement, fill: Fill) {
  const field = within(form);
  if (fill.nameMatch)
    await userEvent.click(field.getByRole('checkbox', { name: "The name on the documents matches the user's name" }));
  if (fill.paystubDate) await userEvent.type(field.getByLabelText(/Paystub date/), fill.paystubDate);
  if (fill.gross) await userEvent.type(field.getByRole('textbox', { name: /Gross income/ }), fill.gross);
  if (fill.net) await userEvent.type(field.getByRole('textbox', { name: /Net income/ }), fill.net);
  if (fill.frequency) await userEvent.selectOptions(field.getByRole('combobox', { name: 'Frequency' }), fill.frequency);
  if (fill.startDate) await userEvent.type(field.getByLabelText('Start date'), fill.startDate);
  if (fill.endDate) await userEvent.type(field.getByLabelText('End date'), fill.endDate);
}

const submit = (form: HTMLElement) => userEvent.click(within(form).getByRole('button', { name: 'Verify Income' }));

describe('verifying income', () => {
  it('asks to confirm the name when the box is left unticked, and sends nothing', async () => {
    const { sent, form } = await renderPage({});
    await fillIn(form, { ...VALID, nameMatch: false });
    await submit(form);
    expect(within(form).getByText(NAME_MATCH_MESSAGE)).toBeInTheDocument();
    expect(callsTo(sent, VERIFY)).toHaveLength(0);
  });

  it('refuses a net income above the gross', async () => {
    const { sent, form } = await renderPage({});
    await fillIn(form, { ...VALID, gross: '1000', net: '1000.01' });
    await submit(form);
    expect(within(form).getByText('Net income cannot be more than gross income.')).toBeInTheDocument();
    expect(callsTo(sent, VERIFY)).toHaveLength(0);
  });

  it('refuses a paystub dated after the latest date the server gives, and offers that date as the max', async () => {
    const { sent, form } = await renderPage({});
    const paystubDate = within(form).getByLabelText(/Paystub date/);
    expect(paystubDate).toHaveAttribute('max', '2026-04-09');
    expect(paystubDate).toHaveAttribute('min', '2026-01-15');
    await fillIn(form, { ...VALID, paystubDate: '2026-04-10' });
    await submit(form);
    expect(
      within(form).getByText('The paystub can be dated at most 30 days from today (2026-04-09).'),
    ).toBeInTheDocument();
    expect(callsTo(sent, VERIFY)).toHaveLength(0);
  });

  it('refuses a paystub dated before the minimum', async () => {
    const { sent, form } = await renderPage({});
    await fillIn(form, { ...VALID, paystubDate: '2026-01-14' });
    await submit(form);
    expect(within(form).getByText('The paystub must be dated on or after 2026-01-15.')).toBeInTheDocument();
    expect(callsTo(sent, VERIFY)).toHaveLength(0);
  });

  it('needs a frequency or both dates of the pay period, and takes the dates alone', async () => {
    const { sent, form } = await renderPage({ [VERIFY]: [200, { message: 'Income verified.', need_review_total: 2 }] });
    const period = 'Choose a pay frequency, or enter both the start and end dates of the pay period.';
    await fillIn(form, { ...VALID, frequency: undefined, startDate: '2026-02-16' });
    await submit(form);
    expect(within(form).getByText(period)).toBeInTheDocument();
    expect(callsTo(sent, VERIFY)).toHaveLength(0);

    // The problem follows the change once the form was sent.
    await fillIn(form, { endDate: '2026-02-28' });
    expect(within(form).queryByText(period)).not.toBeInTheDocument();
    await submit(form);
    await waitFor(() => expect(callsTo(sent, VERIFY)).toHaveLength(1));
    expect(callsTo(sent, VERIFY)[0]!.body).toMatchObject({
      frequency: '',
      start_date: '2026-02-16',
      end_date: '2026-02-28',
    });
  });

  it('sends the form as it holds it, flashes the answer and loads the next loan', async () => {
    const next = reviewItemFixture({ loan_id: 902, user_id: 40, user_name: 'Sam Lee', last_ticket_id: null });
    const { sent, form } = await renderPage({
      [REVIEW]: reviewsInTurn(reviewAnswer(reviewItemFixture(), 3), reviewAnswer(next, 2)),
      [VERIFY]: [200, { message: 'Income verified for loan 901.', need_review_total: 2 }],
    });
    await fillIn(form, VALID);
    await submit(form);

    await waitFor(() => expect(callsTo(sent, VERIFY)).toHaveLength(1));
    expect(callsTo(sent, VERIFY)[0]!.body).toEqual({
      loan_id: 901,
      name_match: true,
      paystub_date: '2026-03-06',
      gross_income: '2400.00',
      net_income: '1875.50',
      frequency: 'Bi-weekly',
      start_date: '',
      end_date: '',
    });
    expect(await screen.findByRole('link', { name: 'Sam Lee' })).toHaveAttribute('href', '/user?ID=40');
    expect(screen.getByText('2 loans need review')).toBeInTheDocument();
    expect(callsTo(sent, REVIEW)).toHaveLength(2);
    expect(readFlashes().map((entry) => entry.message)).toEqual(['Income verified for loan 901.']);
    expect(readFlashes()[0]).toMatchObject({ type: 'success', placement: 'top', duration: 5 });
    // The next loan's form starts empty.
    const nextForm = screen.getByRole('form', { name: 'Verify Income' });
    expect(within(nextForm).getByRole('textbox', { name: /Gross income/ })).toHaveValue('');
    expect(within(nextForm).getByRole('checkbox', { name: /name on the documents/ })).not.toBeChecked();
  });

  it("shows a 422's sentences above the form and keeps the loan", async () => {
    const { sent, form } = await renderPage({
      [VERIFY]: [422, { errors: ['The paystub must be dated on or after 2026-01-20.', 'Loan 901 is not in review.'] }],
    });
    await fillIn(form, VALID);
    await submit(form);
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('The paystub must be dated on or after 2026-01-20.');
    expect(alert).toHaveTextContent('Loan 901 is not in review.');
    expect(callsTo(sent, REVIEW)).toHaveLength(1);
    expect(readFlashes()).toHaveLength(0);
  });

  it('shows the lease holder refusal (409) above the form', async () => {
    const { form } = await renderPage({
      [VERIFY]: [409, { errors: ['Another reviewer is working on loan 901.'] }],
    });
    await fillIn(form, VALID);
    await submit(form);
    expect(await within(form).findByRole('alert')).toHaveTextContent('Another reviewer is working on loan 901.');
  });

  it('says to contact Engineering on a server error, whatever the server said', async () => {
    const { form } = await renderPage({ [VERIFY]: [500, { errors: ['undefined method `paystubs` for nil'] }] });
    await fillIn(form, VALID);
    await submit(form);
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent(SERVER_ERROR);
    expect(alert).not.toHaveTextContent('undefined method');
  });

  it('says to contact Engineering when the server cannot be reached', async () => {
    const { form } = await renderPage({ [VERIFY]: noConnection });
    await fillIn(form, VALID);
    await submit(form);
    expect(await within(form).findByRole('alert')).toHaveTextContent(SERVER_ERROR);
  });
});
