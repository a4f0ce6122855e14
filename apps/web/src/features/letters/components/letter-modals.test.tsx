import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerApiCalls, answerLater } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AccountStatusLetterModal } from './account-status-letter-modal.tsx';
import { DebtValidationLetterModal } from './debt-validation-letter-modal.tsx';
import { GenerateFcraPacketButton } from './fcra-packet-button.tsx';

const loans = [
  { id: 12, label: 'Loan #12 · ACTIVE' },
  { id: 13, label: 'Loan #13 · PAID OFF' },
];
const document = {
  id: '5',
  name: 'account-status-letter-loan-12-2026-11-23.pdf',
  kind: 'account_status_letter',
  loan_id: 12,
  date: '2026-11-23',
  url: '/internal/api/documents/5',
};
const sentence = 'Account status letter for loan 12 saved and emailed to lena@example.com.';

// A call answered when the test says so, so the pending state can be seen.
function answerWhenTold(endpoint: string) {
  const { answer, give } = answerLater();
  const sent = answerApiCalls({ [endpoint]: answer });
  return { sent, answer: give };
}

async function chooseLoan(label: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Loan' }));
  await userEvent.click(await screen.findByRole('option', { name: label }));
}

describe('AccountStatusLetterModal', () => {
  it("lands with nothing chosen and asks for the loan, then the choice to email, in the spec's words", async () => {
    const sent = answerApiCalls({});
    renderWithProviders(<AccountStatusLetterModal userId={7} opened onClose={() => {}} loans={loans} />);
    expect(screen.getByRole('combobox', { name: 'Loan' })).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Email it to the customer' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Only save it' })).not.toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a loan id');
    await chooseLoan('Loan #12 · ACTIVE');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please select whether or not to email the letter directly to the customer',
    );
    expect(sent).toEqual([]);
  });

  it('goes from pending to success with the server sentence and the document to open', async () => {
    const { sent, answer } = answerWhenTold('POST users/send_account_status');
    renderWithProviders(
      <AccountStatusLetterModal
        userId={7}
        opened
        onClose={() => {}}
        loans={loans}
        renderOpenDocument={(item) => <a href={item.url}>Open {item.name}</a>}
      />,
    );
    await chooseLoan('Loan #12 · ACTIVE');
    await userEvent.click(screen.getByRole('radio', { name: 'Email it to the customer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByLabelText('Preparing the letter')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(sent).toEqual([
        expect.objectContaining({
          url: expect.stringContaining('/internal/api/users/send_account_status'),
          method: 'POST',
          body: { loan_id: 12, send_email: true },
        }),
      ]),
    );

    answer([200, { message: sentence, document, message_id: 3 }]);
    expect(await screen.findByText(sentence)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `Open ${document.name}` })).toHaveAttribute('href', document.url);
  });

  it("fails with 'Please reach out to internal tools/engineering' and the server's error beneath, and goes back", async () => {
    answerApiCalls({
      'POST users/send_account_status': [
        409,
        { errors: ['Customer 7 is marked Do Not Contact; the letter was not emailed.'] },
      ],
    });
    renderWithProviders(<AccountStatusLetterModal userId={7} opened onClose={() => {}} loans={loans} />);
    await chooseLoan('Loan #12 · ACTIVE');
    await userEvent.click(screen.getByRole('radio', { name: 'Email it to the customer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(screen.getByText('Please reach out to internal tools/engineering')).toBeInTheDocument());
    expect(screen.getByText('Customer 7 is marked Do Not Contact; the letter was not emailed.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
  });
});

describe('DebtValidationLetterModal', () => {
  it('asks for the loan only (no email question) and generates the letter with users/send_debt_validation', async () => {
    const { sent, answer } = answerWhenTold('POST users/send_debt_validation');
    renderWithProviders(<DebtValidationLetterModal userId={7} opened onClose={() => {}} loans={loans} />);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByText('Delivery')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a loan id');

    await chooseLoan('Loan #13 · PAID OFF');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() =>
      expect(sent).toEqual([
        expect.objectContaining({
          url: expect.stringContaining('/internal/api/users/send_debt_validation'),
          body: { loan_id: 13, send_email: false },
        }),
      ]),
    );
    answer([
      200,
      {
        message: "Debt validation letter for loan 13 saved to the customer's documents.",
        document: { ...document, kind: 'debt_validation_letter', loan_id: 13 },
        message_id: null,
      },
    ]);
    expect(
      await screen.findByText("Debt validation letter for loan 13 saved to the customer's documents."),
    ).toBeInTheDocument();
  });
});

describe('GenerateFcraPacketButton', () => {
  it('asks for the loan only, then generates the packet for the customer and shows the sentence', async () => {
    const { sent, answer } = answerWhenTold('POST users/generate_fcra_packet');
    const onSuccess = vi.fn();
    renderWithProviders(<GenerateFcraPacketButton userId={7} loans={loans} mutationConfig={{ onSuccess }} />);
    await userEvent.click(screen.getByRole('button', { name: 'FCRA packet' }));
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a loan id');

    await chooseLoan('Loan #12 · ACTIVE');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByLabelText('Preparing the letter')).toBeInTheDocument();
    await waitFor(() =>
      expect(sent).toEqual([
        expect.objectContaining({
          url: expect.stringContaining('/internal/api/users/generate_fcra_packet'),
          body: { user_id: 7, loan_id: 12 },
        }),
      ]),
    );
    answer([
      200,
      {
        message: "FCRA packet for loan 12 saved to the customer's documents.",
        document: { ...document, kind: 'fcra_packet' },
        message_id: null,
      },
    ]);
    expect(await screen.findByText("FCRA packet for loan 12 saved to the customer's documents.")).toBeInTheDocument();
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('shows the failure with the server error', async () => {
    answerApiCalls({ 'POST users/generate_fcra_packet': [404, { errors: ['Loan 12 is not a loan of customer 7.'] }] });
    renderWithProviders(<GenerateFcraPacketButton userId={7} loans={loans} />);
    await userEvent.click(screen.getByRole('button', { name: 'FCRA packet' }));
    await chooseLoan('Loan #12 · ACTIVE');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Please reach out to internal tools/engineering')).toBeInTheDocument();
    expect(screen.getByText('Loan 12 is not a loan of customer 7.')).toBeInTheDocument();
  });
});
