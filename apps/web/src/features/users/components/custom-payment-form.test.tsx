import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerApiCalls } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { loanFixture, paymentFixture } from '../../../test/ticket-fixtures.ts';
import { CustomPaymentForm } from './custom-payment-form.tsx';

const upcoming = paymentFixture({ id: 71, due: '2099-01-15', state: 'due', expected_amt: 120, type: 'Installment' });

describe('CustomPaymentForm', () => {
  it("says 'Loan {id} has no upcoming payments' for a loan without any", async () => {
    renderWithProviders(<CustomPaymentForm loans={[loanFixture({ id: 8, payments: [] })]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Make the payment larger' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Loan 8 has no upcoming payments');
  });

  it('starts on the newest loan that has an upcoming payment', () => {
    renderWithProviders(
      <CustomPaymentForm
        loans={[loanFixture({ id: 9, payments: [] }), loanFixture({ id: 8, payments: [upcoming] })]}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Loan' })).toHaveValue('#8 · ACTIVE');
  });

  it('needs a payment and an amount of at least $25, then sends them', async () => {
    const sent = answerApiCalls({
      'POST users/create_larger_payment': [200, { message: 'Payment 71 is now $300.00.' }],
    });
    renderWithProviders(<CustomPaymentForm loans={[loanFixture({ id: 8, payments: [upcoming] })]} />);
    const submit = screen.getByRole('button', { name: 'Make the payment larger' });
    await userEvent.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a value for payment id.');

    await userEvent.click(screen.getByPlaceholderText('Choose a payment'));
    await userEvent.click(await screen.findByRole('option', { name: /\$120\.00/ }));
    await userEvent.type(screen.getByRole('textbox', { name: 'New amount ($)' }), '24.99');
    await userEvent.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter an amount larger than $25');
    expect(sent).toEqual([]);

    await userEvent.clear(screen.getByRole('textbox', { name: 'New amount ($)' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'New amount ($)' }), '300');
    await userEvent.click(submit);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ loan_id: 8, payment_id: 71, amount: 300 });
    expect(await screen.findByRole('status')).toHaveTextContent('Payment 71 is now $300.00.');
  });
});
