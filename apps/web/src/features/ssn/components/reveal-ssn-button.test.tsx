import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session.ts';
import { answerApiCalls, inTurn } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { REVEAL_SECONDS, RevealSsnButton } from './reveal-ssn-button.tsx';

const mayReveal = () => saveSession(sessionFixture({ permissions: ['customers.reveal_ssn'] }));

describe('RevealSsnButton', () => {
  it('is not there for an employee without customers.reveal_ssn', () => {
    saveSession(sessionFixture({ permissions: ['tickets.view_escalated', 'staff.admin'] }));
    renderWithProviders(<RevealSsnButton userId={38} />);
    expect(screen.queryByRole('button', { name: 'Reveal SSN' })).toBeNull();
  });

  it('asks for a reason first and calls nothing without one', async () => {
    mayReveal();
    const sent = answerApiCalls({});
    renderWithProviders(<RevealSsnButton userId={38} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reveal SSN' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(screen.getByText('Please give a reason for revealing the SSN (what it is needed for).')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Reason for revealing the SSN/), 'ok');
    await userEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(sent).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Reveal SSN' })).toBeInTheDocument();
  });

  it(`shows the whole SSN for ${REVEAL_SECONDS} seconds, then hides it`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    mayReveal();
    const sent = answerApiCalls({
      'POST users/reveal_ssn': [200, { user_id: 38, ssn: '123-45-6789', ssn_last4: '6789' }],
    });
    renderWithProviders(<RevealSsnButton userId={38} />);
    await user.click(screen.getByRole('button', { name: 'Reveal SSN' }));
    await user.type(screen.getByLabelText(/^Reason for revealing the SSN/), '  Customer verifying identity by phone ');
    await user.click(screen.getByRole('button', { name: 'Reveal' }));

    expect(await screen.findByText('123-45-6789')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      url: '/internal/api/users/reveal_ssn',
      body: { user_id: 38, reason: 'Customer verifying identity by phone' },
    });
    expect(screen.getByText(`hidden in ${REVEAL_SECONDS} s`)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByText(`hidden in ${REVEAL_SECONDS - 10} s`)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync((REVEAL_SECONDS - 10) * 1000));
    expect(screen.queryByText('123-45-6789')).toBeNull();
    expect(screen.getByRole('button', { name: 'Reveal SSN' })).toBeInTheDocument();
  });

  it('hides the number at once with Hide, and shows a refusal', async () => {
    mayReveal();
    const refusal = "Only employees allowed to reveal SSNs (the ssn_reveal role) can see a customer's whole SSN.";
    answerApiCalls({
      'POST users/reveal_ssn': inTurn(
        [200, { user_id: 38, ssn: '123-45-6789', ssn_last4: '6789' }],
        [403, { errors: [refusal] }],
      ),
    });
    renderWithProviders(<RevealSsnButton userId={38} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reveal SSN' }));
    await userEvent.type(screen.getByLabelText(/^Reason for revealing the SSN/), 'Identity check');
    await userEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Hide' }));
    expect(screen.queryByText('123-45-6789')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Reveal SSN' }));
    await userEvent.type(screen.getByLabelText(/^Reason for revealing the SSN/), 'Identity check');
    await userEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });
});
