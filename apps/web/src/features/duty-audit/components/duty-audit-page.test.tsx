import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DutyAuditResponse } from '@portal/contracts';
import { saveSession } from '../../../lib/session.ts';
import { answerApiCalls, callsTo } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { DutyAuditPage } from './duty-audit-page.tsx';

vi.setConfig({ testTimeout: 30_000 });

const AUDIT = 'GET duty_audit';

const report: DutyAuditResponse = {
  from: '2026-11-01',
  to: '2026-11-30',
  time_zone: 'America/Los_Angeles',
  messages_checked: 1200,
  debits_checked: 40,
  breach_count: 2,
  by_rule: { contact_hours: 1, debit_stop: 1 },
  truncated: false,
  breaches: [
    {
      record: 'message',
      record_id: 17,
      customer_id: 5,
      at: '2026-11-10T06:00:00.000Z',
      channel: 'text',
      sending_path: 'ticket_reply',
      purpose: 'servicing',
      rule: 'contact_hours',
      sentence: 'Delivered outside the contact window.',
    },
    {
      record: 'payment',
      record_id: 88,
      customer_id: 9,
      at: '2026-11-11T12:00:00.000Z',
      channel: 'debit',
      sending_path: null,
      purpose: null,
      rule: 'debit_stop',
      sentence: 'Presented while debit stop 3 was in force.',
    },
  ],
};

const setDate = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });

beforeEach(() => {
  saveSession(sessionFixture({ permissions: ['compliance.duty_audit'] }));
});

describe('DutyAuditPage', () => {
  it('runs the audit of the range asked and lists each breach with its rule and customer', async () => {
    const sent = answerApiCalls({ [AUDIT]: [200, report] });
    renderWithProviders(<DutyAuditPage />);
    setDate('From', '2026-11-01');
    setDate('To', '2026-11-30');
    await userEvent.click(screen.getByRole('button', { name: 'Run audit' }));
    const table = await screen.findByRole('table', { name: /Breaches from 2026-11-01 to 2026-11-30/ });
    expect(callsTo(sent, AUDIT)[0]?.query.toString()).toBe('from=2026-11-01&to=2026-11-30');
    expect(screen.getByText(/1,200 messages delivered and 40 debits presented/)).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText(/Contact hours/)).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'Customer 5' })).toHaveAttribute('href', '/user?ID=5');
    expect(within(rows[1]!).getByText('Debit #88')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Debit stop in force')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });

  it('says what is wrong with a range before asking the server', async () => {
    const sent = answerApiCalls({ [AUDIT]: [200, report] });
    renderWithProviders(<DutyAuditPage />);
    setDate('From', '2026-11-30');
    setDate('To', '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: 'Run audit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('from must be on or before to.');
    setDate('From', '2026-01-01');
    setDate('To', '2026-06-01');
    await userEvent.click(screen.getByRole('button', { name: 'Run audit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/at most 93 days/);
    expect(callsTo(sent, AUDIT)).toHaveLength(0);
  });
});
