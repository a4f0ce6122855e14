import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerApiCalls, inTurn } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { UpdateSsnForm } from './update-ssn-form.tsx';

describe('UpdateSsnForm', () => {
  it("says 'Please enter a value for SSN.' when submitted empty, and calls nothing", async () => {
    const sent = answerApiCalls({});
    renderWithProviders(<UpdateSsnForm userId={38} currentLast4="1234" />);
    expect(screen.getByText('On file: ***-**-1234')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Update SSN' }));
    expect(screen.getByText('Please enter a value for SSN.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('SSN'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Update SSN' }));
    expect(screen.getByText('Please enter a value for SSN.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('refuses what is not an SSN before any call, in the words the server uses', async () => {
    const sent = answerApiCalls({});
    renderWithProviders(<UpdateSsnForm userId={38} />);
    expect(screen.getByText('On file: no SSN')).toBeInTheDocument();
    const input = screen.getByLabelText('SSN');
    for (const [typed, message] of [
      ['123-45-678', 'An SSN is 9 digits, e.g. 123-45-6789; this one has 8.'],
      ['123-45-67AB', 'An SSN holds digits only (dashes and spaces are fine), e.g. 123-45-6789.'],
      ['666-45-6789', 'No SSN starts with 000, 666 or 9: please check the first three digits.'],
      ['123-00-6789', 'The middle two digits of an SSN are never 00: please check them.'],
    ] as const) {
      await userEvent.clear(input);
      await userEvent.type(input, typed);
      await userEvent.click(screen.getByRole('button', { name: 'Update SSN' }));
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    // Typing again clears the message.
    await userEvent.type(input, '0');
    expect(screen.queryByText('The middle two digits of an SSN are never 00: please check them.')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('sends the number as typed, shows the answer, clears the field and runs the caller’s onSuccess', async () => {
    const sent = answerApiCalls({
      'POST users/update_ssn': [200, { message: 'SSN updated for customer 38 (ending 6789).', ssn_last4: '6789' }],
    });
    const onSuccess = vi.fn();
    renderWithProviders(<UpdateSsnForm userId={38} mutationConfig={{ onSuccess }} />);
    await userEvent.type(screen.getByLabelText('SSN'), '123 45 6789');
    await userEvent.click(screen.getByRole('button', { name: 'Update SSN' }));
    expect(await screen.findByText('SSN updated for customer 38 (ending 6789).')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      url: '/internal/api/users/update_ssn',
      method: 'POST',
      body: { user_id: 38, ssn: '123 45 6789', force: false },
    });
    await waitFor(() => expect(screen.getByLabelText('SSN')).toHaveValue(''));
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal (another customer has it), and sends force when Force is ticked", async () => {
    const refusal =
      'Customer 12 already has this SSN. Check the number; to save it for customer 38 as well, use Force.';
    const sent = answerApiCalls({
      'POST users/update_ssn': inTurn(
        [409, { errors: [refusal] }],
        [200, { message: 'SSN updated for customer 38 (ending 6789).', ssn_last4: '6789' }],
      ),
    });
    renderWithProviders(<UpdateSsnForm userId={38} />);
    await userEvent.type(screen.getByLabelText('SSN'), '123-45-6789');
    await userEvent.click(screen.getByRole('button', { name: 'Update SSN' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByText('SSN not updated')).toBeInTheDocument();

    await userEvent.click(screen.getByLabelText(/^Force/));
    await userEvent.click(screen.getByRole('button', { name: 'Update SSN' }));
    expect(await screen.findByText('SSN updated for customer 38 (ending 6789).')).toBeInTheDocument();
    expect(sent[1]!.body).toEqual({ user_id: 38, ssn: '123-45-6789', force: true });
    expect(screen.queryByText(refusal)).toBeNull();
  });
});
