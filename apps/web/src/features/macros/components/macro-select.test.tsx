import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { macroFixture } from '../../../test/ticket-fixtures.ts';
import { MacroSelect } from './macro-select.tsx';

const phone = macroFixture({ id: 2, title: 'change_phone', tags: ['Account'] });
const payoff = macroFixture({
  id: 9,
  title: 'calc_early_repay',
  body: 'Your payoff amount on {date} is {amount}.',
  tags: ['Early Repayment'],
});
const loose = macroFixture({ id: 20, title: 'misc_note', body: 'Noted.', tags: [] });
const tree = [
  { tag: 'Account', macros: [phone] },
  { tag: 'Early Repayment', macros: [payoff] },
];

describe('MacroSelect', () => {
  it("groups the macros under 'All Macros', each tag and 'Uncategorized'", async () => {
    renderWithProviders(<MacroSelect macros={[phone, payoff, loose]} tree={tree} onPick={vi.fn()} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Insert macro' }));
    for (const group of ['All Macros', 'Account', 'Early Repayment', 'Uncategorized']) {
      expect(await screen.findByText(group)).toBeInTheDocument();
    }
    expect(screen.getAllByRole('option', { name: 'Change phone' })).toHaveLength(2);
  });

  it('finds a macro once by a word of its text and hands it over', async () => {
    const onPick = vi.fn();
    renderWithProviders(<MacroSelect macros={[phone, payoff, loose]} tree={tree} onPick={onPick} />);
    const input = screen.getByRole('combobox', { name: 'Insert macro' });
    await userEvent.click(input);
    await userEvent.type(input, 'payoff');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Calc early repay']);
    await userEvent.click(options[0] as HTMLElement);
    expect(onPick).toHaveBeenCalledWith(payoff);
    expect(input).toHaveValue('');
  });
});
