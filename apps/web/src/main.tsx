import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadSignedInScreens } from './app/signed-in-screens.ts';
import { redirectToHttpsIfNeeded } from './lib/https-redirect.ts';
import { hasStoredSession } from './lib/session.ts';
import { handleUnauthorized } from './lib/sign-out-locally.ts';
import { setUnauthorizedHandler } from './lib/unauthorized.ts';

async function start(container: HTMLElement): Promise<void> {
  setUnauthorizedHandler(handleUnauthorized);
  // A stored session is checked against its contract (zod) before the guards read it; the
  // signed-in screens are fetched meanwhile. Without one (/login), neither is loaded.
  if (hasStoredSession()) {
    preloadSignedInScreens();
    try {
      (await import('./lib/restore-session.ts')).restoreSession();
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
