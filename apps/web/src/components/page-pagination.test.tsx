import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { PagePagination } from './page-pagination.tsx';

describe('PagePagination', () => {
  it('shows nothing for a single page', () => {
    renderWithProviders(<PagePagination page={1} totalPages={1} onChange={() => undefined} />);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('shows first, last and two either side of the current page, and moves by page', async () => {
    const onChange = vi.fn();
    renderWithProviders(<PagePagination page={10} totalPages={20} onChange={onChange} />);
    const pages = screen.getAllByRole('button', { name: /^Page \d+$/ }).map((button) => button.textContent);
    expect(pages).toEqual(['1', '8', '9', '10', '11', '12', '20']);
    expect(screen.getAllByText('…')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Page 10' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Page 20' }));
    expect(onChange.mock.calls).toEqual([[11], [20]]);
  });

  it('cannot go before the first or past the last page', () => {
    renderWithProviders(<PagePagination page={1} totalPages={3} onChange={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });
});
