import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SearchBox } from '../../features/search/components/search-box.tsx';
import { answerApiCalls } from '../../test/api-server.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { UserRoute } from './user-route.tsx';

// The page as the app shows it: under the navbar's search box.
function Page() {
  return (
    <>
      <header>
        <SearchBox />
      </header>
      <main>
        <UserRoute />
      </main>
    </>
  );
}

describe('UserRoute', () => {
  it('says a customer is not found and points to the navbar search, with no second search box', async () => {
    answerApiCalls({ 'GET users/search': [404, { errors: ['No customer has ID 987654321.'] }] });
    renderWithProviders(<Page />, { route: '/user?ID=987654321' });
    expect(await screen.findByText('No customer has ID 987654321.')).toBeInTheDocument();
    expect(screen.getByText(/search again with the search box at the top of the page/)).toBeInTheDocument();
    expect(screen.getAllByRole('searchbox', { name: 'Search' })).toHaveLength(1);
  });

  it('gives each search box on the page its own hint id', () => {
    renderWithProviders(<Page />, { route: '/user' });
    expect(screen.getByText(/No Data loaded/)).toBeInTheDocument();
    const boxes = screen.getAllByRole('searchbox', { name: 'Search' });
    expect(boxes).toHaveLength(2);
    const hints = boxes.map((box) => box.getAttribute('aria-describedby'));
    expect(new Set(hints).size).toBe(2);
    for (const id of hints) {
      expect(id).toBeTruthy();
      expect(document.querySelectorAll(`[id="${id}"]`)).toHaveLength(1);
    }
    expect(boxes[0]).toHaveAccessibleDescription('Press Enter to search');
  });
});
