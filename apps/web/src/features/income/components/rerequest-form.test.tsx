import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readFlashes } from '../../../lib/flash.ts';
import { saveSession } from '../../../lib/session.ts';
import { callsTo, type ApiAnswers } from '../../../test/api-server.ts';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { renderIncomeReview } from './render-income-review.tsx';
import {
  REQUEST_NEW_STUB,
  REVIEW,
  reviewAnswer,
  reviewItemFixture,
  reviewsInTurn,
} from '../../../test/income-review-fixtures.ts';

// Re-requesting documents (spec 001 sections 2, 7, 8): at least one reason, then the next loan.

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  saveSession(sessionFixture({ employeeId: 7 }));
});

async function renderRerequest(server: ApiAnswers) {
  const sent = renderIncomeReview(server);
  await userEvent.click(await screen.findByRole('radio', { name: 'Re-request Documents' }));
  const form = await screen.findByRole('form', { name: 'Re-request Documents' });
  await within(form).findByRole('checkbox', { name: 'Cut off' });
  expect(screen.queryByRole('form', { name: 'Verify Income' })).not.toBeInTheDocument();
  return { sent, form };
}

const send = (form: HTMLElement) => userEvent.click(within(form).getByRole('button', { name: 'Send' }));

describe('re-requesting documents', () => {
  it('lists the reasons with the words the customer reads, and needs one before sending', async () => {
    const { sent, form } = await renderRerequest({});
    expect(within(form).getAllByRole('checkbox')).toHaveLength(7);
    expect(within(form).getByText('part of the paystub was cut off; please send the whole page')).toBeInTheDocument();
    await userEvent.type(within(form).getByRole('textbox', { name: 'Note' }), 'Please retake it.');
    await send(form);
    expect(within(form).getByText('Choose at least one reason.')).toBeInTheDocument();
    expect(callsTo(sent, REQUEST_NEW_STUB)).toHaveLength(0);

    await userEvent.click(within(form).getByRole('checkbox', { name: 'Too old' }));
    expect(within(form).queryByText('Choose at least one reason.')).not.toBeInTheDocument();
  });

  it('sends the keys of the reasons chosen and the note, flashes the answer and loads the next loan', async () => {
    const next = reviewItemFixture({ loan_id: 902, user_id: 40, user_name: 'Sam Lee' });
    const { sent, form } = await renderRerequest({
      [REVIEW]: reviewsInTurn(reviewAnswer(reviewItemFixture(), 3), reviewAnswer(next, 2)),
      [REQUEST_NEW_STUB]: [200, { message: 'A new paystub was requested for loan 901.', need_review_total: 2 }],
    });
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Not a paystub' }));
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Cut off' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Note' }), 'Send all pages.');
    await send(form);

    await waitFor(() => expect(callsTo(sent, REQUEST_NEW_STUB)).toHaveLength(1));
    expect(callsTo(sent, REQUEST_NEW_STUB)[0]!.body).toEqual({
      loan_id: 901,
      reasons: ['cut_off', 'not_a_paystub'],
      note: 'Send all pages.',
    });
    expect(await screen.findByRole('link', { name: 'Sam Lee' })).toBeInTheDocument();
    expect(callsTo(sent, REVIEW)).toHaveLength(2);
    expect(readFlashes().map((entry) => entry.message)).toEqual(['A new paystub was requested for loan 901.']);
  });

  it('says to contact Engineering on a server error', async () => {
    const { form } = await renderRerequest({ [REQUEST_NEW_STUB]: [503, {}] });
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Unreadable or blurry' }));
    await send(form);
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'There was an error on the server. Please contact Engineering.',
    );
  });

  it("shows a 422's sentences above the form", async () => {
    const { sent, form } = await renderRerequest({
      [REQUEST_NEW_STUB]: [422, { errors: ['Loan 901 already waits for a new paystub.'] }],
    });
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Unreadable or blurry' }));
    await send(form);
    expect(await within(form).findByRole('alert')).toHaveTextContent('Loan 901 already waits for a new paystub.');
    expect(callsTo(sent, REVIEW)).toHaveLength(1);
  });
});
