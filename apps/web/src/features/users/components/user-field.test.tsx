import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerApiCalls, inTurn } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { useEditUserInfo } from '../api/edit-user-info.ts';
import { UserField } from './user-field.tsx';

// The field as the user card composes it: saved with PATCH users/edit_info by customer id.
function PhoneField() {
  const edit = useEditUserInfo();
  return (
    <UserField
      label="Phone"
      field="phone_number"
      value="5035550140"
      display="(503) 555-0140"
      onSave={(parameter, text, force) => edit.mutateAsync({ id: 42, parameter, text, force })}
    />
  );
}

describe('UserField', () => {
  it('copies the value on a click, and does not edit', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<PhoneField />);
    await userEvent.click(screen.getByRole('button', { name: 'Phone: (503) 555-0140' }));
    expect(writeText).toHaveBeenCalledWith('5035550140');
    expect(screen.queryByRole('textbox', { name: 'Phone' })).not.toBeInTheDocument();
  });

  it('edits on a right-click, and alerts an invalid entry without calling the server', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const sent = answerApiCalls({});
    renderWithProviders(<PhoneField />);
    fireEvent.contextMenu(screen.getByRole('button', { name: 'Phone: (503) 555-0140' }));
    const input = screen.getByRole('textbox', { name: 'Phone' });
    await userEvent.clear(input);
    await userEvent.type(input, '503-555-01{Enter}');
    expect(alert).toHaveBeenCalledWith('Invalid Entry for field: phone_number');
    expect(sent).toEqual([]);
    alert.mockRestore();
  });

  it('edits from the keyboard with F2, and Escape gives the focus back to the field', async () => {
    renderWithProviders(<PhoneField />);
    const field = screen.getByRole('button', { name: 'Phone: (503) 555-0140' });
    field.focus();
    await userEvent.keyboard('{F2}');
    const input = screen.getByRole('textbox', { name: 'Phone' });
    expect(input).toHaveValue('5035550140');
    expect(input).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Phone: (503) 555-0140' })).toHaveFocus();
  });

  it('saves the ten digits with Force, and keeps the editor open with the server sentence on a 409', async () => {
    const sent = answerApiCalls({
      'PATCH users/edit_info': inTurn(
        [409, { errors: ['Another customer (ID 7) already uses 5035550199 as their phone number.'] }],
        [200, { message: 'Phone number changed.' }],
      ),
    });
    renderWithProviders(<PhoneField />);
    fireEvent.contextMenu(screen.getByRole('button', { name: 'Phone: (503) 555-0140' }));
    const input = screen.getByRole('textbox', { name: 'Phone' });
    await userEvent.clear(input);
    await userEvent.type(input, '(503) 555-0199');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Another customer (ID 7) already uses 5035550199');
    expect(sent[0]!.body).toEqual({ id: 42, parameter: 'phone_number', text: '5035550199', force: false });

    await userEvent.click(screen.getByRole('checkbox', { name: 'Force' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Phone' })).not.toBeInTheDocument());
    expect(sent[1]!.body).toMatchObject({ force: true });
  });
});
