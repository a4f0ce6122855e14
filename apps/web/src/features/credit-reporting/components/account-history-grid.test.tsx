import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lookupFixture } from '../../../test/credit-reporting-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AccountHistoryGrid } from './account-history-grid.tsx';

// The FCRA lookup's 7-year grid with each month's compliance condition code (decision 049): in the
// cell under the history code, read out with its name, its meaning in the cell's hint and in words
// in a legend of the codes shown.

describe('AccountHistoryGrid: the compliance condition of each month', () => {
  it('shows XB and XC under the months they were reported, named for screen readers, with a legend', () => {
    // Disputed in November 2025, resolved in December with the consumer still disagreeing.
    const history = lookupFixture().loan.history.map((row) =>
      row.year === 2025 ? { ...row, compliance: [...Array<null>(10).fill(null), 'XB', 'XC'] } : row,
    );
    renderWithProviders(<AccountHistoryGrid history={history} />);
    const grid = screen.getByRole('table', { name: /Payment history code of each month, 2020–2026/ });
    const row = within(grid).getByRole('row', { name: /^2025/ });
    const cells = within(row).getAllByRole('cell');
    // November and December 2025 (the year's header cell is a row header, not a cell).
    expect(cells[10]).toHaveTextContent(/^1, compliance condition XB$/);
    expect(cells[11]).toHaveTextContent(/^2, compliance condition XC$/);
    expect(cells[11]).toHaveAttribute(
      'title',
      expect.stringContaining('compliance condition XC — Completed investigation of FCRA dispute; consumer disagrees'),
    );
    expect(cells[9]).toHaveTextContent(/^0$/);
    const legend = screen.getByRole('list', { name: 'Compliance condition codes' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'XB (compliance condition): Account information disputed by consumer under the FCRA',
      'XC (compliance condition): Completed investigation of FCRA dispute; consumer disagrees',
    ]);
  });

  it('has no compliance legend when no month carried a code', () => {
    const history = lookupFixture().loan.history.map((row) => ({ ...row, compliance: row.compliance.map(() => null) }));
    renderWithProviders(<AccountHistoryGrid history={history} />);
    expect(screen.queryByRole('list', { name: 'Compliance condition codes' })).toBeNull();
    expect(screen.getByRole('table', { name: 'Payment history code of each month, 2020–2026' })).toBeInTheDocument();
  });
});
