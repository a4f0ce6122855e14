import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addDays } from '@portal/contracts';
import { businessToday } from '../../../lib/business-date.ts';
import { readFlashes } from '../../../lib/flash.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { answerApiCalls, type ApiAnswers, callsTo, noConnection } from '../../../test/api-server.ts';
import { disputeDocuments } from '../../../test/dispute-fixtures.ts';
import { DisputesLanding } from './disputes-landing.tsx';

const CREATE = 'POST disputes_dashboard/create_disputes';
const pdf = (name: string) => new File(['%PDF-1.7 letter'], name, { type: 'application/pdf' });

async function uploadTwo(server: ApiAnswers) {
  const sent = answerApiCalls(server, disputeDocuments);
  renderWithProviders(<DisputesLanding />, { route: '/disputes' });
  await userEvent.upload(screen.getByTestId('pdf-file-input'), [pdf('a.pdf'), pdf('b.pdf')]);
  await userEvent.click(screen.getByRole('button', { name: 'Upload Files' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Upload Files' })).toBeEnabled());
  return sent;
}

describe('DisputesLanding', () => {
  it('uploads the PDFs as files[] and says how many disputes were created', async () => {
    const sent = await uploadTwo({
      [CREATE]: [
        200,
        {
          created_disputes: [
            { id: 5, file_name: 'a.pdf' },
            { id: 6, file_name: 'b.pdf' },
          ],
          failed_files: [],
          message: '2 dispute(s) created successfully.',
        },
      ],
    });
    expect(readFlashes().at(-1)).toMatchObject({
      message: '2 dispute(s) created successfully.',
      type: 'success',
      duration: 5,
      placement: 'top',
    });
    const form = callsTo(sent, CREATE)[0]!.body as FormData;
    expect(form.getAll('files[]').map((file) => (file as File).name)).toEqual(['a.pdf', 'b.pdf']);
    // The letters were received today unless staff say otherwise.
    expect(form.get('received_on')).toBe(businessToday());
    expect(screen.queryByText('a.pdf')).toBeNull();
    expect(screen.getByRole('link', { name: 'View Unresolved Disputes' })).toHaveAttribute(
      'href',
      '/disputes/unresolved',
    );
  });

  it('sends the day the letters were received, and refuses a day in the future before sending', async () => {
    const sent = answerApiCalls(
      {
        [CREATE]: [200, { created_disputes: [{ id: 5, file_name: 'a.pdf' }], failed_files: [], message: 'ok' }],
      },
      disputeDocuments,
    );
    renderWithProviders(<DisputesLanding />, { route: '/disputes' });
    const date = screen.getByLabelText(/Letters received on/);
    await userEvent.upload(screen.getByTestId('pdf-file-input'), [pdf('a.pdf')]);

    await userEvent.clear(date);
    await userEvent.type(date, addDays(businessToday(), 1));
    expect(screen.getByText('The date the letters were received cannot be in the future.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Upload Files' }));
    expect(callsTo(sent, CREATE)).toHaveLength(0);
    expect(screen.getByText('a.pdf')).toBeInTheDocument();

    const earlier = addDays(businessToday(), -6);
    await userEvent.clear(date);
    await userEvent.type(date, earlier);
    await userEvent.click(screen.getByRole('button', { name: 'Upload Files' }));
    await waitFor(() => expect(callsTo(sent, CREATE)).toHaveLength(1));
    expect((callsTo(sent, CREATE)[0]!.body as FormData).get('received_on')).toBe(earlier);
  });

  it("warns with the server's message on a partial success and keeps the failed file", async () => {
    const message = '1 dispute(s) created successfully. 1 file(s) failed to process and remain in the list.';
    await uploadTwo({
      [CREATE]: [
        200,
        {
          created_disputes: [{ id: 5, file_name: 'a.pdf' }],
          failed_files: [{ file_name: 'b.pdf', error: 'The file is not a readable PDF.' }],
          message,
        },
      ],
    });
    expect(readFlashes().at(-1)).toMatchObject({ message, type: 'warning' });
    expect(screen.queryByText('a.pdf')).toBeNull();
    expect(screen.getByText('b.pdf')).toBeInTheDocument();
  });

  it("shows the server's refusal, or the spec's sentence when it gave none, and keeps every file", async () => {
    await uploadTwo({ [CREATE]: [422, { errors: ['No file could be read as a PDF.'], failed_files: [] }] });
    expect(readFlashes().at(-1)).toMatchObject({ message: 'No file could be read as a PDF.', type: 'error' });
    expect(screen.getByText('a.pdf')).toBeInTheDocument();
    expect(screen.getByText('b.pdf')).toBeInTheDocument();
  });

  it('names the drop area by the words it shows (WCAG 2.5.3 label in name)', () => {
    answerApiCalls({}, disputeDocuments);
    renderWithProviders(<DisputesLanding />, { route: '/disputes' });
    const dropArea = screen.getByRole('button', { name: /^Drag PDF files here or click to choose them\b/ });
    expect(dropArea).not.toHaveAttribute('aria-label');
  });

  it("falls back to 'An error occurred while creating disputes. Please try again.'", async () => {
    // No connection: fetch rejects.
    answerApiCalls({ [CREATE]: noConnection }, disputeDocuments);
    renderWithProviders(<DisputesLanding />, { route: '/disputes' });
    await userEvent.upload(screen.getByTestId('pdf-file-input'), [pdf('a.pdf')]);
    await userEvent.click(screen.getByRole('button', { name: 'Upload Files' }));
    await waitFor(() =>
      expect(readFlashes().at(-1)).toMatchObject({
        message: 'An error occurred while creating disputes. Please try again.',
        type: 'error',
      }),
    );
    expect(screen.getByText('a.pdf')).toBeInTheDocument();
  });
});
