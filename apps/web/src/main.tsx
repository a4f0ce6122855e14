import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { setUnauthorizedHandler } from './lib/api-client.ts';
import { redirectToHttpsIfNeeded } from './lib/https-redirect.ts';
import { handleUnauthorized } from './lib/sign-out-locally.ts';

// Outside the dev stage, leave for https before anything renders.
if (!redirectToHttpsIfNeeded()) {
  setUnauthorizedHandler(handleUnauthorized);
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
