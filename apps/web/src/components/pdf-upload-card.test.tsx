import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { readFlashes } from '../lib/flash.ts';
import { renderWithProviders } from '../test/render.tsx';
import { PdfUploadCard } from './pdf-upload-card.tsx';

const pdf = (name: string) => new File(['%PDF-1.7 test'], name, { type: 'application/pdf' });

describe('PdfUploadCard', () => {
  it('warns when nothing is chosen and does not upload', async () => {
    const onUpload = vi.fn();
    renderWithProviders(<PdfUploadCard title="Upload New Bankruptcy Notices" onUpload={onUpload} />);
    await userEvent.click(screen.getByRole('button', { name: 'Upload Files' }));
    expect(onUpload).not.toHaveBeenCalled();
    expect(readFlashes().at(-1)).toMatchObject({
      message: 'Please select at least one file to upload.',
      type: 'warning',
      placement: 'top',
    });
  });

  it('lists PDFs only, removes one or all, and keeps the failed files after an upload', async () => {
    let finish: (value: { failedFileNames: readonly string[] }) => void = () => undefined;
    const onUpload = vi.fn(() => new Promise<{ failedFileNames: readonly string[] }>((resolve) => (finish = resolve)));
    renderWithProviders(<PdfUploadCard title="Upload" onUpload={onUpload} />);
    const input = screen.getByTestId('pdf-file-input');
    await userEvent.upload(input, [pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf')], { applyAccept: false });
    await userEvent.upload(input, [new File(['hello'], 'notes.txt', { type: 'text/plain' })], { applyAccept: false });
    expect(screen.getByRole('alert')).toHaveTextContent('Only PDF files can be uploaded: notes.txt left out.');
    expect(screen.getByText('3 files selected')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove b.pdf' }));
    expect(screen.queryByText('b.pdf')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Upload Files' }));
    expect(screen.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    expect(onUpload).toHaveBeenCalledWith([
      expect.objectContaining({ name: 'a.pdf' }),
      expect.objectContaining({ name: 'c.pdf' }),
    ]);
    finish({ failedFileNames: ['c.pdf'] });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload Files' })).toBeEnabled());
    expect(screen.queryByText('a.pdf')).not.toBeInTheDocument();
    expect(screen.getByText('c.pdf')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove All' }));
    expect(screen.queryByText('c.pdf')).not.toBeInTheDocument();
  });

  it('forgets the files left out once an upload starts', async () => {
    const onUpload = vi.fn(() => Promise.resolve({ failedFileNames: [] }));
    renderWithProviders(<PdfUploadCard title="Upload" onUpload={onUpload} />);
    const input = screen.getByTestId('pdf-file-input');
    await userEvent.upload(input, [pdf('a.pdf'), new File(['hello'], 'notes.txt', { type: 'text/plain' })], {
      applyAccept: false,
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Only PDF files can be uploaded: notes.txt left out.');
    await userEvent.click(screen.getByRole('button', { name: 'Upload Files' }));
    await waitFor(() => expect(onUpload).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByText('a.pdf')).not.toBeInTheDocument());
    expect(screen.queryByText(/Only PDF files can be uploaded/)).not.toBeInTheDocument();
  });

  it('keeps every file when the upload fails', async () => {
    const onUpload = vi.fn(() => Promise.reject(new Error('network')));
    renderWithProviders(<PdfUploadCard title="Upload" onUpload={onUpload} />);
    await userEvent.upload(screen.getByTestId('pdf-file-input'), [pdf('a.pdf')]);
    await userEvent.click(screen.getByRole('button', { name: 'Upload Files' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload Files' })).toBeEnabled());
    expect(screen.getByText('a.pdf')).toBeInTheDocument();
  });
});
