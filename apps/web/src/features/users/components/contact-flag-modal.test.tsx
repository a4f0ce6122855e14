import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerApiCalls } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ContactFlagModal } from './contact-flag-modal.tsx';

describe('ContactFlagModal', () => {
  it("offers the flag's own reasons: five for DNC, three for DNL", () => {
    const { unmount } = renderWithProviders(<ContactFlagModal userId={5} flag="dnc" on opened onClose={() => {}} />);
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'User requested',
      'Authorized third party requested',
      'In bankruptcy',
      'Identity theft/fraud',
      'Profanity/threats',
    ]);
    unmount();
    renderWithProviders(<ContactFlagModal userId={5} flag="dnl" on opened onClose={() => {}} />);
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'In bankruptcy',
      'Identity theft/fraud',
      'Profanity/threats',
    ]);
  });

  it('names the flag with the user page\'s one term, "DNC (do not contact)" / "DNL (do not lend)"', () => {
    const { unmount } = renderWithProviders(<ContactFlagModal userId={5} flag="dnc" on opened onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Turn on DNC (do not contact)' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<ContactFlagModal userId={5} flag="dnl" on={false} opened onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Turn off DNL (do not lend)' })).toBeInTheDocument();
  });

  it('needs a reason, takes optional context, then sends the change and closes', async () => {
    const sent = answerApiCalls({ 'PATCH users/contact_flag': [200, { message: 'DNC turned on.' }] });
    const onClose = vi.fn();
    renderWithProviders(<ContactFlagModal userId={5} flag="dnc" on opened onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a reason for DNC.');
    expect(sent).toEqual([]);

    await userEvent.click(screen.getByRole('radio', { name: 'Authorized third party requested' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Context (optional)' }), 'Her attorney called');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent[0]!.body).toEqual({
      user_id: 5,
      flag: 'dnc',
      on: true,
      reason: 'Authorized third party requested',
      context: 'Her attorney called',
    });
  });

  it('turns a flag off after a confirmation, with no reason', async () => {
    const sent = answerApiCalls({ 'PATCH users/contact_flag': [200, { message: 'DNL turned off.' }] });
    renderWithProviders(<ContactFlagModal userId={5} flag="dnl" on={false} opened onClose={() => {}} />);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      user_id: 5,
      flag: 'dnl',
      on: false,
      reason: null,
      context: null,
    });
  });

  it('clearing DNC, cease or attorney lifts a duty: it asks why, at least 10 characters, and sends the reason', async () => {
    const sent = answerApiCalls({ 'PATCH users/contact_flag': [200, { message: 'DNC turned off.' }] });
    const onClose = vi.fn();
    renderWithProviders(<ContactFlagModal userId={5} flag="dnc" on={false} opened onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Turn off DNC (do not contact)' })).toHaveTextContent(/lifts a duty/);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    const why = screen.getByRole('textbox', { name: /Why the flag is cleared/ });
    expect(why).toHaveAccessibleDescription('At least 10 characters: who withdrew it, how and when.');
    await userEvent.type(why, 'withdrawn');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Clearing the DNC flag needs a reason of at least 10 characters',
    );
    expect(sent).toEqual([]);

    await userEvent.type(why, ' by phone');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent[0]!.body).toEqual({ user_id: 5, flag: 'dnc', on: false, reason: 'withdrawn by phone', context: null });
  });
});
