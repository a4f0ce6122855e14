import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { EMPTY_DRAFT, type MacroDraft } from '../macro-draft.ts';
import { MacroForm } from './macro-form.tsx';

function Editor({ body, onSave = () => undefined }: { body: string; onSave?: () => void }) {
  const [draft, setDraft] = useState<MacroDraft>({ ...EMPTY_DRAFT, title: 'payoff_quote', body });
  return (
    <MacroForm
      draft={draft}
      originalTitle="payoff_quote"
      errors={{}}
      dirty
      saving={false}
      onChange={(field, value) => setDraft((current) => ({ ...current, [field]: value }))}
      onSave={onSave}
      onRevert={() => undefined}
    />
  );
}

const text = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Text' });

describe('MacroForm: variables', () => {
  it('lists the variables with what each is, and puts one at the cursor', async () => {
    renderWithProviders(<Editor body="Hi , thanks." />);
    await userEvent.click(screen.getByRole('button', { name: "From the customer's account (13)" }));
    expect(screen.getByText('What it takes to pay the active loan off today, as $1,234.56.')).toBeInTheDocument();
    text().setSelectionRange(3, 3);
    await userEvent.click(screen.getByRole('button', { name: 'Insert {first_name}' }));
    expect(text()).toHaveValue('Hi {first_name}, thanks.');
    expect(text()).toHaveFocus();
    expect(text().selectionStart).toBe(15);
  });

  it("inserts an agent's variable and a question of the macro's own", async () => {
    renderWithProviders(<Editor body="Call " />);
    text().setSelectionRange(5, 5);
    await userEvent.click(screen.getByRole('button', { name: 'Asked of the agent (8)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Insert {callback_date}' }));
    expect(text()).toHaveValue('Call {callback_date}');
    await userEvent.type(screen.getByRole('textbox', { name: 'Ask for something else' }), 'best time');
    await userEvent.click(screen.getByRole('button', { name: 'Insert question' }));
    expect(text()).toHaveValue('Call {callback_date}{?best time}');
  });

  it('warns of a variable the Portal does not know as it is typed', async () => {
    const onSave = vi.fn();
    renderWithProviders(<Editor body="Hi {first_name}" onSave={onSave} />);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    await userEvent.type(text(), ' {{frist_name}');
    expect(screen.getByRole('note')).toHaveTextContent(
      'The text uses {frist_name}, which is not a variable the Portal knows: use one from the list, or write {?frist name} to have the agent asked for it.',
    );
  });
});
