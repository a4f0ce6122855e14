import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEBIT_AUTHORIZATION_NOTE_TOO_SHORT, type DebitStop } from '@portal/contracts';
import { saveSession } from '../../../lib/session.ts';
import { answerApiCalls } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { loanFixture, paymentFixture } from '../../../test/ticket-fixtures.ts';
import { LoanCard } from './loan-card.tsx';

// The debit stop on the loan card (decision 048): the card says why and what lifts it, and the
// dialog that records the customer's new authorization, offered to compliance only
// (customers.lift_duties), keeps the server's rules (rules/failed-debits.ts).

const stop: DebitStop = {
  id: 4,
  customer_id: 77,
  stopped_at: '2026-11-20T18:00:00Z',
  reason:
    'Automatic debits stopped on Nov 20, 2026 after two consecutive returned withdrawals (R01 on Nov 17, 2026, R09 on Nov 19, 2026).',
  notice_required: true,
  notice_message_id: 901,
};
// What the server writes for an unauthorized return (contracts unauthorizedStopReason): no notice is owed.
const revoked: DebitStop = {
  id: 5,
  customer_id: 78,
  stopped_at: '2026-11-20T18:00:00Z',
  reason:
    "Automatic debits are off: the customer's bank returned payment 123 as R07 (Authorization Revoked by Customer) on Nov 20, 2026.",
  notice_required: false,
  notice_message_id: null,
};
const stopped = loanFixture({
  id: 31,
  ach: false,
  debit_stop: stop,
  payments: [
    paymentFixture({ id: 40, due: '2026-11-02', invalid: '2026-11-20T18:00:00Z', state: 'invalid' }),
    paymentFixture({ id: 41, due: '2026-11-23', represents_payment_id: 40 }),
  ],
});

// "Now" for the rules (only Date is faked, so the user events' timers run); a compliance employee.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T18:00:00Z'));
  saveSession(sessionFixture({ permissions: ['customers.lift_duties'] }));
});
afterEach(() => vi.useRealTimers());

// The form loads with the dialog (a lazy chunk): found once its Record button is there.
async function openDialogAgain() {
  await userEvent.click(screen.getByRole('button', { name: 'Record new authorization' }));
  const dialog = await screen.findByRole('dialog', { name: 'New authorization of automatic debits' });
  await within(dialog).findByRole('button', { name: 'Record authorization' });
  return dialog;
}
function openDialog() {
  renderWithProviders(<LoanCard loan={stopped} latest={stopped} />);
  return openDialogAgain();
}
// The field takes the employee's local time; what is sent is that instant in UTC.
const setGivenAt = (dialog: HTMLElement, local: string) =>
  fireEvent.change(within(dialog).getByLabelText(/When the customer gave it/), { target: { value: local } });

describe('the debit stop on the loan card', () => {
  it('says why debits stopped and that only compliance lifts it; a re-presentment names its payment', async () => {
    renderWithProviders(<LoanCard loan={stopped} latest={stopped} />);
    const card = screen.getByRole('article', { name: 'Loan #31' });
    // The alert is loaded with the first stopped loan (lazy: the user page's weight).
    expect(
      await within(card).findByText(
        `${stop.reason} Only a new authorization, recorded by compliance, turns them back on.`,
      ),
    ).toBeInTheDocument();
    const row = within(card).getByRole('row', { name: 'Payment #41' });
    expect(within(row).getByText('re-presents payment #40')).toBeInTheDocument();
  });

  it('explains an unauthorized return: the payment, its code and title, the day; no notice is missing', async () => {
    const loan = loanFixture({ id: 32, ach: false, debit_stop: revoked });
    renderWithProviders(<LoanCard loan={loan} latest={loan} />);
    const card = screen.getByRole('article', { name: 'Loan #32' });
    expect(
      await within(card).findByText(
        "Automatic debits are off: the customer's bank returned payment 123 as R07 (Authorization Revoked by Customer) on Nov 20, 2026. Only a new authorization, recorded by compliance, turns them back on.",
      ),
    ).toBeInTheDocument();
    expect(within(card).queryByText(/consumer-rights notice/)).toBeNull();
  });

  it('asks to mail the consumer-rights notice only when a 1041.8 stop owes one and it could not be emailed', () => {
    const loan = loanFixture({ id: 33, ach: false, debit_stop: { ...stop, notice_message_id: null } });
    renderWithProviders(<LoanCard loan={loan} latest={loan} />);
    expect(
      screen.getByText('The consumer-rights notice could not be emailed (no email address on file): send it by mail.'),
    ).toBeInTheDocument();
  });

  it('offers "Record new authorization" only to holders of customers.lift_duties', () => {
    saveSession(sessionFixture({ permissions: ['payments.record_returns', 'payments.validate_any'] }));
    renderWithProviders(<LoanCard loan={stopped} latest={stopped} />);
    const card = screen.getByRole('article', { name: 'Loan #31' });
    expect(within(card).getByText(/Only a new authorization, recorded by compliance/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Record new authorization' })).toBeNull();
  });

  it('asks how and when the authorization was given before sending anything, the fields labelled', async () => {
    const sent = answerApiCalls({});
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record authorization' }));
    expect(within(dialog).getByText('Choose how the customer gave the authorization.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter when the customer gave the authorization.')).toBeInTheDocument();
    expect(within(dialog).getByRole('radiogroup', { name: /How the customer gave it/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Note' })).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('refuses a time before debits stopped or in the future, and a note of one word', async () => {
    const sent = answerApiCalls({});
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'On a recorded phone call' }));
    setGivenAt(dialog, '2026-11-19T09:00');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'verified');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record authorization' }));
    expect(
      within(dialog).getByText('The authorization must be given after automatic debits stopped.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(DEBIT_AUTHORIZATION_NOTE_TOO_SHORT)).toBeInTheDocument();
    // Problems follow each change once the form was sent.
    setGivenAt(dialog, '2026-11-24T09:00');
    expect(await within(dialog).findByText('The authorization cannot be given in the future.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends who, how, when and the note, then closes; a refusal shows in the dialog', async () => {
    const sent = answerApiCalls({
      'POST loans/debit_authorization': [
        200,
        { message: 'The new authorization is recorded.', authorization_id: 3, restored_loan_ids: [31] },
      ],
    });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'On a recorded phone call' }));
    setGivenAt(dialog, '2026-11-21T12:00');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Recording 2026-11-21-0412');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record authorization' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      url: '/internal/api/loans/debit_authorization',
      body: {
        user_id: 77,
        method: 'recorded_call',
        given_at: new Date('2026-11-21T12:00').toISOString(),
        note: 'Recording 2026-11-21-0412',
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    answerApiCalls({
      'POST loans/debit_authorization': [
        409,
        {
          errors: [
            'Customer 77 has no failed-debit stop in force, so there is no stop for a new authorization to lift.',
          ],
        },
      ],
    });
    const again = await openDialogAgain();
    await userEvent.click(within(again).getByRole('radio', { name: 'In writing (signed)' }));
    setGivenAt(again, '2026-11-21T12:00');
    await userEvent.type(within(again).getByRole('textbox', { name: /Note/ }), 'Signed form in the file');
    await userEvent.click(within(again).getByRole('button', { name: 'Record authorization' }));
    expect(await within(again).findByText(/has no failed-debit stop in force/)).toBeInTheDocument();
  });
});
