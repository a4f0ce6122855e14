import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TRANSACTION_EMAIL_ERROR, type ListTransactionEmailsResponse, type TransactionEmail } from '@portal/contracts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
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

// The server as the component meets it: the two calls, by URL.
function stubServer(answer: (url: URL) => Response) {
  const fetchMock = vi.fn<typeof fetch>((input) =>
    Promise.resolve(answer(new URL(String(input), 'http://portal.test'))),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function openModal() {
  renderWithProviders(<TransactionEmailsButton userId={38} />);
  await userEvent.click(screen.getByRole('button', { name: 'Transaction Emails' }));
  return screen.findByRole('dialog');
}

describe('TransactionEmailsButton', () => {
  it('lists the emails 50 a page, pages on with the token, and back', async () => {
    const fetchMock = stubServer((url) =>
      jsonResponse(url.searchParams.get('continuation') === 'next-page-token' ? secondPage : firstPage),
    );
    const dialog = await openModal();
    expect(await within(dialog).findByRole('button', { name: 'Email 0' })).toBeInTheDocument();
    const table = within(dialog).getByRole('table', { name: 'Transaction emails' });
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/internal/api/users/transaction_emails?user_id=38');
    expect(within(dialog).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByRole('button', { name: 'Email 50' })).toBeInTheDocument();
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe(
      '/internal/api/users/transaction_emails?user_id=38&continuation=next-page-token',
    );
    // An email the server could not read is listed all the same.
    expect(within(dialog).getByText('Unreadable email (broken.json)')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Previous' }));
    expect(await within(dialog).findByRole('button', { name: 'Email 0' })).toBeInTheDocument();
  });

  it("says 'No transaction emails' for a customer without any", async () => {
    stubServer(() => jsonResponse({ emails: [], continuation: null }));
    const dialog = await openModal();
    expect(await within(dialog).findByText('No transaction emails')).toBeInTheDocument();
  });

  it('shows a chosen email in a frame that may run nothing, with its headers', async () => {
    const fetchMock = stubServer((url) =>
      url.pathname.endsWith('/users/transaction_email') ? jsonResponse(receipt) : jsonResponse(secondPage),
    );
    const dialog = await openModal();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Email 50' }));

    const frame = await within(dialog).findByTitle('Email: Email 50');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(receipt.srcdoc);
    expect(within(dialog).getByText('Ada Lovelace <ada@example.com>')).toBeInTheDocument();
    expect(within(dialog).getByText('Portal Support <support@portal.example>')).toBeInTheDocument();
    const asked = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://portal.test');
    expect(Object.fromEntries(asked.searchParams)).toEqual({ user_id: '38', key: receipt.key });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Back to the list' }));
    expect(await within(dialog).findByRole('table', { name: 'Transaction emails' })).toBeInTheDocument();
  });

  it(`says '${TRANSACTION_EMAIL_ERROR}' when the email cannot be shown`, async () => {
    stubServer((url) =>
      url.pathname.endsWith('/users/transaction_email')
        ? jsonResponse({ errors: [TRANSACTION_EMAIL_ERROR] }, 422)
        : jsonResponse(secondPage),
    );
    const dialog = await openModal();
    await userEvent.click(await within(dialog).findByText('Unreadable email (broken.json)'));
    expect(await within(dialog).findByText(TRANSACTION_EMAIL_ERROR)).toBeInTheDocument();
    expect(within(dialog).queryByTitle(/^Email:/)).toBeNull();
  });
});
