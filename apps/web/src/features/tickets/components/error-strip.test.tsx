import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearAllTicketErrors, readTicketErrors, recordTicketErrors } from '../ticket-errors.ts';
import { answerApiCalls } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ErrorStrip } from './error-strip.tsx';
import { useArchiveTicket } from '../api/archive-ticket.ts';

function ArchiveButton({ id }: { id: number }) {
  const archive = useArchiveTicket();
  return (
    <button type="button" onClick={() => archive.mutate(id)}>
      Archive {id}
    </button>
  );
}

describe('ErrorStrip', () => {
  afterEach(() => clearAllTicketErrors());

  it('shows only the errors stored for its ticket, each dismissible', async () => {
    act(() => {
      recordTicketErrors(101, ['The payment is already processing.', 'The loan is closed.']);
      recordTicketErrors(202, ['Ticket 202 is held by Kevin.']);
    });
    const first = renderWithProviders(<ErrorStrip ticketId={101} />);
    expect(screen.getByText('The payment is already processing.')).toBeInTheDocument();
    expect(screen.getByText('The loan is closed.')).toBeInTheDocument();
    expect(screen.queryByText('Ticket 202 is held by Kevin.')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss error: The loan is closed.' }));
    expect(screen.queryByText('The loan is closed.')).not.toBeInTheDocument();
    expect(readTicketErrors(202)).toHaveLength(1);

    first.unmount();
    renderWithProviders(<ErrorStrip ticketId={202} />);
    expect(screen.getByText('Ticket 202 is held by Kevin.')).toBeInTheDocument();
  });

  it('receives the server errors of a failed ticket call under that ticket id', async () => {
    answerApiCalls({ 'PATCH archive_ticket': [409, { errors: ['Ticket 303 is already closed.'] }] });
    renderWithProviders(
      <>
        <ArchiveButton id={303} />
        <ErrorStrip ticketId={303} />
        <ErrorStrip ticketId={101} />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Archive 303' }));
    await waitFor(() =>
      expect(screen.getByRole('alert', { name: 'Errors for ticket #303' })).toHaveTextContent(
        'Ticket 303 is already closed.',
      ),
    );
    expect(screen.queryByRole('alert', { name: 'Errors for ticket #101' })).not.toBeInTheDocument();
  });
});
