import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Approval, ApprovalsResponse } from '@portal/contracts';
import { readFlashes } from '../../../lib/flash.ts';
import { saveSession } from '../../../lib/session.ts';
import { answerApiCalls, callsTo } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { ApprovalsBadge } from './approvals-badge.tsx';
import { ApprovalsInbox } from './approvals-inbox.tsx';

// Four eyes (issue 41): the approver (employee 7) decides colleagues' actions, never their own.

beforeEach(() => {
  saveSession(sessionFixture({ employeeId: 7, permissions: ['approvals.decide'] }));
});

function approval(id: number, overrides: Partial<Approval> = {}): Approval {
  return {
    id,
    action: 'refund',
    status: 'pending',
    summary: `Refund of payment ${id * 10} ($150.00)`,
    amount: 150,
    loan_id: 4,
    customer_id: 5,
    made_by: 'Bob Baker',
    made_by_id: 9,
    made_at: '2026-11-21T17:00:00.000Z',
    expires_at: '2026-11-24T17:00:00.000Z',
    decided_by: null,
    decided_at: null,
    note: null,
    ...overrides,
  };
}
const inbox = (approvals: Approval[]): ApprovalsResponse => ({ approvals, pending_count: approvals.length });

describe('ApprovalsBadge', () => {
  it('links approvers to the inbox, named with how many wait', async () => {
    answerApiCalls({ 'GET approvals': [200, inbox([approval(1), approval(2)])] });
    renderWithProviders(<ApprovalsBadge />);
    expect(await screen.findByRole('link', { name: 'Approvals, 2 waiting' })).toHaveAttribute('href', '/approvals');
  });

  it('is not shown to an employee who cannot decide', () => {
    saveSession(sessionFixture({ permissions: [] }));
    renderWithProviders(<ApprovalsBadge />);
    expect(screen.queryByRole('link', { name: /Approvals/ })).not.toBeInTheDocument();
  });
});

describe('ApprovalsInbox', () => {
  it('approves a colleague’s refund', async () => {
    const sent = answerApiCalls({
      'GET approvals': [200, inbox([approval(1)])],
      'POST approvals/1/approve': [
        200,
        { message: 'Approved: Payment 10 of $150.00 is refunded.', approval: approval(1, { status: 'approved' }) },
      ],
    });
    renderWithProviders(<ApprovalsInbox />);
    const item = await screen.findByRole('listitem', { name: 'Refund of payment 10 ($150.00)' });
    expect(within(item).getByText(/Asked by Bob Baker/)).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'Open customer #5 (loan #4)' })).toHaveAttribute(
      'href',
      '/user?ID=5',
    );
    await userEvent.click(within(item).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(callsTo(sent, 'POST approvals/1/approve')).toHaveLength(1));
    await waitFor(() =>
      expect(readFlashes().map((entry) => entry.message)).toContain('Approved: Payment 10 of $150.00 is refunded.'),
    );
  });

  it('rejects only with a reason, sent with the decision', async () => {
    const sent = answerApiCalls({
      'GET approvals': [200, inbox([approval(2)])],
      'POST approvals/2/reject': [
        200,
        {
          message: 'Rejected: Refund of payment 20 ($150.00). Nothing was changed.',
          approval: approval(2, { status: 'rejected' }),
        },
      ],
    });
    renderWithProviders(<ApprovalsInbox />);
    const item = await screen.findByRole('listitem', { name: 'Refund of payment 20 ($150.00)' });
    await userEvent.click(within(item).getByRole('button', { name: 'Reject…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the action' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Say why the action is rejected.')).toBeInTheDocument();
    expect(callsTo(sent, 'POST approvals/2/reject')).toHaveLength(0);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Why/ }), 'The customer withdrew it.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(callsTo(sent, 'POST approvals/2/reject')).toHaveLength(1));
    expect(callsTo(sent, 'POST approvals/2/reject')[0]!.body).toEqual({ note: 'The customer withdrew it.' });
  });

  it('shows my own requests without a way to decide them', async () => {
    answerApiCalls({ 'GET approvals': [200, inbox([approval(3, { made_by_id: 7, made_by: 'Ana Lopez' })])] });
    renderWithProviders(<ApprovalsInbox />);
    const item = await screen.findByRole('listitem', { name: 'Refund of payment 30 ($150.00)' });
    expect(within(item).getByText('You asked for this: a second employee decides it.')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('says when nothing waits', async () => {
    answerApiCalls({ 'GET approvals': [200, inbox([])] });
    renderWithProviders(<ApprovalsInbox />);
    expect(await screen.findByText('Nothing waits')).toBeInTheDocument();
  });
});
