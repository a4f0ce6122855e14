import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session.ts';
import { answerApiCalls, pdfResponse } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { DocumentsButton } from './documents-button.tsx';

const statement = {
  id: 'st-1',
  name: 'Statement 2024-05-31',
  kind: 'statement',
  loan_id: 60,
  date: '2024-05-31',
  url: '/internal/api/documents/st-1',
};

describe('DocumentsButton', () => {
  it("says 'No Documents Uploaded' for a customer without documents", async () => {
    answerApiCalls({ 'GET users/fetch_documents': [200, { documents: [] }] });
    renderWithProviders(<DocumentsButton userId={38} />);
    await userEvent.click(screen.getByRole('button', { name: 'View Documents' }));
    expect(await screen.findByText('No Documents Uploaded')).toBeInTheDocument();
  });

  it('fetches a document with the bearer token and opens it in the tab the click opened', async () => {
    saveSession(sessionFixture({ apiToken: 'secret-token' }));
    const sent = answerApiCalls({
      'GET users/fetch_documents': [200, { documents: [statement] }],
      'GET documents/st-1': pdfResponse,
    });
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    // An object URL to look for (happy-dom's are random; jsdom has none).
    URL.createObjectURL = vi.fn(() => 'blob:doc-1');
    URL.revokeObjectURL = vi.fn();

    renderWithProviders(<DocumentsButton userId={38} />);
    await userEvent.click(screen.getByRole('button', { name: 'View Documents' }));
    await waitFor(() => expect(sent[0]?.url).toBe('/internal/api/users/fetch_documents?user_id=38'));
    await userEvent.click(await screen.findByRole('button', { name: 'Open Statement 2024-05-31' }));

    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('blob:doc-1'));
    expect(sent[1]?.url).toBe('/internal/api/documents/st-1');
    expect(sent[1]?.headers.get('Authorization')).toBe('Bearer secret-token');
    expect(tab.opener).toBeNull();
    open.mockRestore();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
});
