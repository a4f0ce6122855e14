import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { askedOfAgent } from '@portal/contracts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AgentVariablesForm } from './agent-variables-form.tsx';

const TEXT =
  'On {callback_date} we take {amount_agreed}; new number {new_phone}, email {new_email}, {?best time}. {first_name}';

async function renderForm(text = TEXT) {
  const onFill = vi.fn();
  const onCancel = vi.fn();
  renderWithProviders(
    <AgentVariablesForm asked={askedOfAgent(text)} macroTitle="promise" onFill={onFill} onCancel={onCancel} />,
  );
  const form = screen.getByRole('dialog', { name: 'Fill in #promise' });
  // The fields load with the form (a lazy chunk).
  await within(form).findByRole('button', { name: 'Insert' });
  return { onFill, onCancel, form };
}

describe('AgentVariablesForm', () => {
  it('asks for each agent variable once, with the field its kind needs, and none of the account', async () => {
    const { form } = await renderForm();
    // Four text fields and the date: one each, in the order of the text.
    expect(within(form).getAllByRole('textbox')).toEqual(
      ['Amount agreed', 'New phone number', 'New email address', 'best time'].map((name) =>
        within(form).getByRole('textbox', { name }),
      ),
    );
    const date = within(form).getByLabelText(/Callback date/);
    expect(date).toHaveAttribute('type', 'date');
    expect(date).toHaveAccessibleDescription('{callback_date}: The day you will call the customer back.');
    expect(within(form).getByRole('textbox', { name: 'New phone number' })).toHaveAttribute('type', 'tel');
    expect(within(form).getByRole('textbox', { name: 'New email address' })).toHaveAttribute('type', 'email');
    expect(within(form).getByRole('textbox', { name: 'best time' })).toHaveAccessibleDescription(
      '{?best time}: Asked by the macro.',
    );
    expect(within(form).queryByText(/first_name/)).not.toBeInTheDocument();
  });

  it('answers the values as the customer reads them, by key', async () => {
    const { form, onFill } = await renderForm();
    fireEvent.change(within(form).getByLabelText(/Callback date/), { target: { value: '2027-07-02' } });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Amount agreed' }), '1250.5');
    await userEvent.type(within(form).getByRole('textbox', { name: 'New phone number' }), '503-555-0123');
    await userEvent.type(within(form).getByRole('textbox', { name: 'New email address' }), 'Amy@Example.com');
    await userEvent.type(within(form).getByRole('textbox', { name: 'best time' }), 'after 5pm{Enter}');
    expect(onFill).toHaveBeenCalledWith({
      callback_date: 'July 2, 2027',
      amount_agreed: '$1,250.50',
      new_phone: '(503) 555-0123',
      new_email: 'amy@example.com',
      '?best time': 'after 5pm',
    });
  });

  it('says what is wrong under each field, focuses the first, and answers nothing', async () => {
    const { form, onFill } = await renderForm('{amount_agreed} {new_phone}');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Amount agreed' }), 'twelve');
    await userEvent.type(within(form).getByRole('textbox', { name: 'New phone number' }), '555-0123');
    await userEvent.click(within(form).getByRole('button', { name: 'Insert' }));
    expect(
      within(form).getByText('The amount agreed must be an amount in dollars, such as 125.50.'),
    ).toBeInTheDocument();
    expect(within(form).getByText('The new phone number must have 10 digits.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Amount agreed' })).toHaveFocus();
    expect(within(form).getByRole('textbox', { name: 'Amount agreed' })).toHaveAttribute('aria-invalid', 'true');
    expect(onFill).not.toHaveBeenCalled();
  });

  it('cancels with Cancel, the close button or Escape', async () => {
    const { form, onCancel } = await renderForm('{callback_date}');
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Close' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(onCancel).toHaveBeenCalledTimes(3));
  });
});
