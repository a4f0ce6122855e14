import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readFlashes } from '../../../lib/flash.ts';
import { saveSession } from '../../../lib/session.ts';
import { answerApiCalls, callsTo } from '../../../test/api-server.ts';
import { disputeFixture } from '../../../test/dispute-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { MarkFrivolousButton } from './mark-frivolous-button.tsx';

vi.setConfig({ testTimeout: 30_000 });

const MARK = 'PATCH disputes_dashboard/mark_frivolous';

// The session's employee is 7, who holds disputeFixture().
beforeEach(() => {
  saveSession(sessionFixture());
});

describe('finding a dispute frivolous', () => {
  it('is offered to the holder only', () => {
    answerApiCalls({});
    renderWithProviders(<MarkFrivolousButton dispute={disputeFixture({ employee_id: 8 })} />);
    expect(screen.queryByRole('button', { name: 'Frivolous or irrelevant' })).not.toBeInTheDocument();
  });

  it('once found frivolous, says so with the notice due date (5 business days) instead of offering it again', () => {
    answerApiCalls({});
    // Wednesday 2026-11-25 in Los Angeles; Thanksgiving (26th) is no business day: due Thursday 12-03.
    renderWithProviders(<MarkFrivolousButton dispute={disputeFixture({ frivolous_at: '2026-11-25T18:00:00.000Z' })} />);
    expect(screen.queryByRole('button', { name: 'Frivolous or irrelevant' })).not.toBeInTheDocument();
    expect(screen.getByText(/Found frivolous on .*notice due by/)).toHaveTextContent(
      /Dec 3, 2026|12\/03\/2026|2026-12-03/,
    );
  });

  it('asks why, sends it and says when the notice is due', async () => {
    const sent = answerApiCalls({
      [MARK]: [
        200,
        {
          message: 'Dispute #5 found frivolous. Send the consumer the notice by 2026-12-03.',
          id: 5,
          frivolous_at: '2026-11-25T18:00:00.000Z',
          frivolous_reason: 'Same letter as #4',
          notice_due_on: '2026-12-03',
          notice_sent_at: null,
        },
      ],
    });
    renderWithProviders(<MarkFrivolousButton dispute={disputeFixture()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Frivolous or irrelevant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Frivolous or irrelevant dispute' });
    expect(dialog).toHaveTextContent('within 5 business days');
    await userEvent.click(screen.getByRole('button', { name: 'Record the determination' }));
    expect(await screen.findByText('Say why the dispute is frivolous or irrelevant.')).toBeInTheDocument();
    expect(callsTo(sent, MARK)).toHaveLength(0);

    await userEvent.click(screen.getByLabelText(/Why/));
    await userEvent.paste('Same letter as #4');
    await userEvent.click(screen.getByRole('button', { name: 'Record the determination' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(callsTo(sent, MARK)[0]?.body).toEqual({ id: 5, reason: 'Same letter as #4' });
    expect(readFlashes().map((flash) => flash.message)).toContain(
      'Dispute #5 found frivolous. Send the consumer the notice by 2026-12-03.',
    );
  });
});
