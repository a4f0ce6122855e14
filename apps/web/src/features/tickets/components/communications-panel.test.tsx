import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerApiCalls, inTurn } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { messageFixture, ticketFixture } from '../../../test/ticket-fixtures.ts';
import { CommunicationsPanel } from './communications-panel.tsx';

const now = Date.now();
const hoursAgo = (hours: number) => new Date(now - hours * 3_600_000).toISOString();

const oldEmail = messageFixture({
  id: 1,
  type: 'email',
  subject: 'Payment date',
  body: 'Can I move my payment?',
  created_at: hoursAgo(24 * 7),
});
const queued = messageFixture({
  id: 2,
  inbound: false,
  body: 'Sure, moved.',
  status: 'queued',
  employee_name: 'Ana Lopez',
  created_at: hoursAgo(5),
});
const failed = messageFixture({
  id: 3,
  inbound: false,
  body: 'Are you there?',
  status: 'undelivered',
  error: 'The number cannot receive texts.',
  created_at: hoursAgo(2),
});
const retrying = messageFixture({
  id: 5,
  inbound: false,
  body: 'We moved it.',
  status: 'queued',
  attempts: 2,
  error: 'SMTP 421 Try again later',
  created_at: hoursAgo(1.5),
});
const latest = messageFixture({ id: 4, body: 'Thanks!', created_at: hoursAgo(1) });
const base = ticketFixture();
const ticket = {
  ...base,
  messages: [queued, failed, retrying, latest],
  details: { ...base.details, inboundEmails: [oldEmail], inboundTexts: [latest] },
};

describe('CommunicationsPanel', () => {
  it('shows the merged thread oldest first, inbound and outbound told apart, with statuses and age', () => {
    renderWithProviders(<CommunicationsPanel ticket={ticket} />);
    const items = within(screen.getByRole('list', { name: 'Message thread' })).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label')?.split(',')[0])).toEqual([
      'Inbound email from Customer',
      'Outbound text from Ana Lopez',
      'Outbound text from Portal',
      'Outbound text from Portal',
      'Inbound text from Customer',
    ]);
    expect(items[0]).toHaveTextContent('Payment date');
    expect(within(items[0] as HTMLElement).getByText('Aged')).toBeInTheDocument();
    expect(within(items[4] as HTMLElement).queryByText('Aged')).not.toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText('In outbox')).toBeInTheDocument();
    expect(within(items[2] as HTMLElement).getByText('Undelivered')).toBeInTheDocument();
    expect(items[2]).toHaveTextContent('Undelivered: The number cannot receive texts.');
    expect(within(items[3] as HTMLElement).getByText('Retrying')).toBeInTheDocument();
    expect(items[3]).toHaveTextContent('Retrying (attempt 2 failed: SMTP 421 Try again later)');
    // Only what the customer sent has a raw source.
    expect(within(items[1] as HTMLElement).queryByRole('button', { name: 'Show raw' })).not.toBeInTheDocument();
  });

  it("marks the Portal's after-hours auto-response, and no other message", () => {
    const opening = messageFixture({ id: 6, body: 'Are you open?', created_at: hoursAgo(3) });
    const autoResponse = messageFixture({
      id: 7,
      inbound: false,
      status: 'sent',
      body: 'Thanks for writing. We are closed now and will answer when we open.',
      auto_response: true,
      created_at: hoursAgo(2.9),
    });
    renderWithProviders(<CommunicationsPanel ticket={{ ...ticket, messages: [opening, autoResponse, queued] }} />);
    const items = within(screen.getByRole('list', { name: 'Message thread' })).getAllByRole('listitem');
    const marked = items.filter((item) => within(item).queryByText('Auto-response'));
    expect(marked).toHaveLength(1);
    expect(marked[0]?.getAttribute('aria-label')).toMatch(/^Outbound text from Portal/);
    expect(marked[0]).toHaveTextContent('We are closed now');
  });

  it('fetches the raw message on demand and shows the server error when it fails', async () => {
    const sent = answerApiCalls({
      'GET users/get_raw_message': inTurn(
        [200, { message_id: 1, raw: 'From: jane@example.com\r\nSubject: Payment date' }],
        [404, { errors: ['The raw source of message 4 was not kept.'] }],
      ),
    });
    renderWithProviders(<CommunicationsPanel ticket={ticket} />);
    const [first, , , , last] = screen.getAllByRole('listitem');

    await userEvent.click(within(first as HTMLElement).getByRole('button', { name: 'Show raw' }));
    expect(await screen.findByLabelText('Raw message')).toHaveTextContent('From: jane@example.com');
    expect(sent[0]?.url).toBe('/internal/api/users/get_raw_message?message_id=1');

    await userEvent.click(within(last as HTMLElement).getByRole('button', { name: 'Show raw' }));
    expect(await screen.findByText('The raw source of message 4 was not kept.')).toBeInTheDocument();
  });

  it('collapses and expands', async () => {
    renderWithProviders(<CommunicationsPanel ticket={ticket} />);
    await userEvent.click(screen.getByRole('button', { name: 'Collapse' }));
    expect(screen.getByRole('button', { name: 'Expand' })).toHaveAttribute('aria-expanded', 'false');
  });
});
