import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TIMELINE_KINDS, type CustomerTimelineResponse, type TimelineItem } from '@portal/contracts';
import { answerApiCalls, callsTo, type SentCall } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CustomerTimeline } from './customer-timeline.tsx';

const MESSAGE: TimelineItem = {
  kind: 'message',
  key: 'message-3',
  at: '2026-11-21T17:00:00.000Z',
  message_id: 3,
  ticket_id: 12,
  channel: 'email',
  inbound: false,
  subject: 'Your payment',
  excerpt: 'We moved your payment.',
  status: 'undelivered',
  error: 'Not sent: the customer is marked Do Not Contact.',
  held_until: null,
  employee_name: 'Ana Lopez',
  auto_response: false,
};
const NOTE: TimelineItem = {
  kind: 'note',
  key: 'note-4',
  at: '2026-11-20T17:00:00.000Z',
  note_id: 4,
  ticket_id: null,
  author_name: 'Bob Baker',
  body: '@ana please check',
  mentions: [{ handle: 'ana', employee_id: 7, name: 'Ana Lopez' }],
};
const RETURN: TimelineItem = {
  kind: 'return',
  key: 'return-2',
  at: '2026-11-04T08:00:00.000Z',
  bounce_id: 2,
  payment_id: 20,
  loan_id: 9,
  return_code: 'R01',
  return_title: 'Insufficient Funds',
  returned_on: '2026-11-04',
  amount: 182.5,
  fee: 15,
  fee_waived: false,
};
const ACTION: TimelineItem = {
  kind: 'staff_action',
  key: 'staff_action-8',
  at: '2026-11-01T17:00:00.000Z',
  event_id: 8,
  action: 'customer.dnc_on',
  employee_name: null,
  sentence: 'Turned DNC (do not contact) on (reason User requested).',
};

const page = (items: TimelineItem[], nextBefore: string | null = null): CustomerTimelineResponse => ({
  user_id: 5,
  kinds: [...TIMELINE_KINDS],
  items,
  next_before: nextBefore,
});
const kindsOf = (call: SentCall) => call.query.get('kinds');

describe('CustomerTimeline', () => {
  it('lists the history newest first, each entry in words, and loads older pages', async () => {
    const sent = answerApiCalls({
      'GET customer_timeline': ({ query }) =>
        query.get('before') === 'cursor-1' ? [200, page([RETURN, ACTION])] : [200, page([MESSAGE, NOTE], 'cursor-1')],
    });
    renderWithProviders(<CustomerTimeline userId={5} />);
    const list = await screen.findByRole('list', { name: 'Customer timeline, newest first' });
    expect(within(list).getByText('Email by Ana Lopez · ticket #12')).toBeInTheDocument();
    expect(within(list).getByText('Not delivered')).toBeInTheDocument();
    expect(within(list).getByText('Not sent: the customer is marked Do Not Contact.')).toBeInTheDocument();
    expect(within(list).getByText('@ana')).toHaveAttribute('title', 'Notified Ana Lopez');

    await userEvent.click(screen.getByRole('button', { name: 'Load older' }));
    expect(await within(list).findByText('Payment #20 returned: R01 (Insufficient Funds)')).toBeInTheDocument();
    expect(within(list).getByText('The Portal')).toBeInTheDocument();
    expect(within(list).getByText('Turned DNC (do not contact) on (reason User requested).')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Load older' })).not.toBeInTheDocument();
    expect(callsTo(sent, 'GET customer_timeline').map((call) => call.query.get('before'))).toEqual([null, 'cursor-1']);
  });

  it('narrows the list by kind with checkbox chips, at least one, and puts every kind back', async () => {
    const sent = answerApiCalls({
      'GET customer_timeline': ({ query }) =>
        query.get('kinds') === 'message' ? [200, page([MESSAGE])] : [200, page([MESSAGE, NOTE])],
    });
    renderWithProviders(<CustomerTimeline userId={5} />);
    await screen.findByText('Bob Baker', { exact: false });
    const filters = screen.getByRole('group', { name: 'Show' });
    const boxes = within(filters).getAllByRole('checkbox');
    expect(boxes.map((box) => (box.closest('label') ?? box.parentElement)?.textContent)).toHaveLength(
      TIMELINE_KINDS.length,
    );
    for (const box of boxes) expect(box).toBeChecked();
    expect(kindsOf(callsTo(sent, 'GET customer_timeline')[0]!)).toBe(TIMELINE_KINDS.join(','));

    // Leave only Messages: four clicks off, and the last by keyboard (Space on the focused chip).
    for (const label of ['Payments and returns', 'Letters', 'Disputes', 'Notes'])
      await userEvent.click(within(filters).getByRole('checkbox', { name: label }));
    within(filters).getByRole('checkbox', { name: 'Staff actions' }).focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(screen.queryByText(/Internal note by Bob Baker/)).not.toBeInTheDocument());
    expect(kindsOf(callsTo(sent, 'GET customer_timeline').at(-1)!)).toBe('message');
    // The last kind cannot be taken away.
    await userEvent.click(within(filters).getByRole('checkbox', { name: 'Messages' }));
    expect(within(filters).getByRole('checkbox', { name: 'Messages' })).toBeChecked();

    await userEvent.click(within(filters).getByRole('button', { name: 'Show all' }));
    expect(await screen.findByText(/Internal note by Bob Baker/)).toBeInTheDocument();
    for (const box of within(filters).getAllByRole('checkbox')) expect(box).toBeChecked();
  });

  it('says when there is nothing to show', async () => {
    answerApiCalls({ 'GET customer_timeline': [200, page([])] });
    renderWithProviders(<CustomerTimeline userId={5} />);
    expect(await screen.findByText('Nothing has happened on this account yet.')).toBeInTheDocument();
  });
});
