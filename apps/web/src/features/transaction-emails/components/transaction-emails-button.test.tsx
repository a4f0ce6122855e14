import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TRANSACTION_EMAIL_ERROR, type ListTransactionEmailsResponse, type TransactionEmail } from '@portal/contracts';
import { answerApiCalls } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { TransactionEmailsButton } from './transaction-emails-button.tsx';

const prefix = 'transaction_emails/38/';
const item = (index: number) => ({
  key: `${prefix}2026-01-01T${String(index).padStart(2, '0')}0000Z-n${index}.json`,
  subject: `Email ${index}`,
  sent_at: `2026-01-01T${String(index % 24).padStart(2, '0')}:00:00.000Z`,
});
const firstPage: ListTransactionEmailsResponse = {
  emails: Array.from({ length: 50 }, (_, index) => item(index)),
  continuation: 'next-page-token',
};
const secondPage: ListTransactionEmailsResponse = {
  emails: [item(50), { key: `${prefix}broken.json`, subject: null, sent_at: null }],
  continuation: null,
};
const receipt: TransactionEmail = {
  key: item(50).key,
  subject: 'Email 50',
  from: 'Portal Support <support@portal.example>',
  to: 'Ada Lovelace <ada@example.com>',
  date: '2026-01-03T02:00:00.000Z',
  text: 'Paid.',
  srcdoc: '<!doctype html><html><body><p>Paid <b>$84.12</b></p></body></html>',
};

const LIST = 'GET users/transaction_emails';
const EMAIL = 'GET users/transaction_email';

async function openModal() {
  renderWithProviders(<TransactionEmailsButton userId={38} />);
  await userEvent.click(screen.getByRole('button', { name: 'Transaction Emails' }));
  return screen.findByRole('dialog');
}

describe('TransactionEmailsButton', () => {
  it('lists the emails 50 a page, pages on with the token, and back', async () => {
    const sent = answerApiCalls({
      [LIST]: ({ query }) => [200, query.get('continuation') === 'next-page-token' ? secondPage : firstPage],
    });
    const dialog = await openModal();
    expect(await within(dialog).findByRole('button', { name: 'Email 0' })).toBeInTheDocument();
    const table = within(dialog).getByRole('table', { name: 'Transaction emails' });
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(sent[0]?.url).toBe('/internal/api/users/transaction_emails?user_id=38');
    expect(within(dialog).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByRole('button', { name: 'Email 50' })).toBeInTheDocument();
    expect(sent.at(-1)?.url).toBe('/internal/api/users/transaction_emails?user_id=38&continuation=next-page-token');
    // An email the server could not read is listed all the same.
    expect(within(dialog).getByText('Unreadable email (broken.json)')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Previous' }));
    expect(await within(dialog).findByRole('button', { name: 'Email 0' })).toBeInTheDocument();
  });

  it("says 'No transaction emails' for a customer without any", async () => {
    answerApiCalls({ [LIST]: [200, { emails: [], continuation: null }] });
    const dialog = await openModal();
    expect(await within(dialog).findByText('No transaction emails')).toBeInTheDocument();
  });

  it('shows a chosen email in a frame that may run nothing, with its headers', async () => {
    const sent = answerApiCalls({ [LIST]: [200, secondPage], [EMAIL]: [200, receipt] });
    const dialog = await openModal();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Email 50' }));

    const frame = await within(dialog).findByTitle('Email: Email 50');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(receipt.srcdoc);
    expect(within(dialog).getByText('Ada Lovelace <ada@example.com>')).toBeInTheDocument();
    expect(within(dialog).getByText('Portal Support <support@portal.example>')).toBeInTheDocument();
    expect(sent.at(-1)?.path).toBe('users/transaction_email');
    expect(Object.fromEntries(sent.at(-1)!.query)).toEqual({ user_id: '38', key: receipt.key });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Back to the list' }));
    expect(await within(dialog).findByRole('table', { name: 'Transaction emails' })).toBeInTheDocument();
  });

  it(`says '${TRANSACTION_EMAIL_ERROR}' when the email cannot be shown`, async () => {
    answerApiCalls({ [LIST]: [200, secondPage], [EMAIL]: [422, { errors: [TRANSACTION_EMAIL_ERROR] }] });
    const dialog = await openModal();
    await userEvent.click(await within(dialog).findByText('Unreadable email (broken.json)'));
    expect(await within(dialog).findByText(TRANSACTION_EMAIL_ERROR)).toBeInTheDocument();
    expect(within(dialog).queryByTitle(/^Email:/)).toBeNull();
  });
});
