import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { LetterModal } from './letter-modal.tsx';

afterEach(() => vi.unstubAllGlobals());

const loans = [{ id: 12, label: 'Loan #12 · ACTIVE' }];
const document = { id: '5', name: 'a.pdf', kind: 'account_status_letter', loan_id: 12, date: '2026-11-23', url: '/x' };

describe('LetterModal', () => {
  it("asks whether to email the letter before sending, with the spec's message", async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<LetterModal kind="account_status" opened onClose={() => {}} loans={loans} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please select whether or not to email the letter directly to the customer',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("needs a loan: 'Please enter a loan id'", async () => {
    renderWithProviders(
      <LetterModal
        kind="debt_validation"
        opened
        onClose={() => {}}
        loans={[...loans, { id: 13, label: 'Loan #13' }]}
      />,
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Only save it' }));
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a loan id');
  });

  it('goes from pending to success with the server sentence and the document to open', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.fn<typeof fetch>(() => new Promise((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <LetterModal
        kind="account_status"
        opened
        onClose={() => {}}
        loans={loans}
        renderOpenDocument={(item) => <span>open {item.name}</span>}
      />,
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Email it to the customer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByLabelText('Preparing the letter')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ loan_id: 12, send_email: true });
    answer(jsonResponse({ message: 'Account status letter for loan 12 saved and emailed.', document, message_id: 3 }));
    expect(await screen.findByText('Account status letter for loan 12 saved and emailed.')).toBeInTheDocument();
    expect(screen.getByText('open a.pdf')).toBeInTheDocument();
  });

  it('fails with the spec fallback and the server error beneath', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse({ errors: ['Loan 12 was not found.'] }, 404))),
    );
    renderWithProviders(<LetterModal kind="account_status" opened onClose={() => {}} loans={loans} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Only save it' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByText('Please reach out to internal tools/engineering')).toBeInTheDocument());
    expect(screen.getByText('Loan 12 was not found.')).toBeInTheDocument();
  });
});
