import '@mantine/core/styles.css';
// After Mantine's: the app's focus rings and target sizes (WCAG 2.2 AA).
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { appLayout, workspace } from './app/signed-in-screens.tsx';
import { redirectToHttpsIfNeeded } from './lib/https-redirect.ts';
import { hasStoredSession } from './lib/session.ts';
import { handleUnauthorized } from './lib/sign-out-locally.ts';
import { setUnauthorizedHandler } from './lib/unauthorized.ts';

async function start(container: HTMLElement): Promise<void> {
  setUnauthorizedHandler(handleUnauthorized);
  // A stored session is checked against its contract (zod) before the guards read it, and the
  // signed-in shell (at /, with the workspace) is fetched meanwhile, so that the first render shows
  // them. Without a session (/login), none of it is loaded.
  if (hasStoredSession()) {
    // A screen that fails to load here is loaded (and its failure shown) when it renders.
    const screens = [appLayout, ...(window.location.pathname === '/' ? [workspace] : [])].map((screen) =>
      screen.preload().catch(() => undefined),
    );
    try {
      const [{ restoreSession }] = await Promise.all([import('./lib/restore-session.ts'), ...screens]);
      restoreSession();
    } catch {
      // Not loaded (the connection dropped): the guards treat the visitor as signed out.
    }
  }
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// Outside the dev stage, leave for https before anything renders.
if (!redirectToHttpsIfNeeded()) {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  void start(container);
}
