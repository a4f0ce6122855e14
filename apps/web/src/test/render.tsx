import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { Outlet, Route, RouterProvider, createMemoryRouter, createRoutesFromElements, useLocation } from 'react-router';
import { Providers } from '../app/providers.tsx';
import { createQueryClient } from '../lib/query-client.ts';

// Shows where the router is, so a test can assert on navigation.
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

type RenderOptions = { route?: string; extraRoutes?: ReactNode };

// A data router, as the app's (createBrowserRouter), so screens may use its hooks (useBlocker).
export function renderWithProviders(ui: ReactElement, { route = '/', extraRoutes }: RenderOptions = {}): RenderResult {
  const router = createMemoryRouter(
    createRoutesFromElements(
      <Route
        element={
          <>
            <Outlet />
            <LocationProbe />
          </>
        }
      >
        <Route path="*" element={ui} />
        {extraRoutes}
      </Route>,
    ),
    { initialEntries: [route] },
  );
  return render(
    <Providers queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
}
