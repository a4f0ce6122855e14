import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { setUnauthorizedHandler } from '../lib/api-client.ts';
import { clearFlashes } from '../lib/flash.ts';
import { queryClient } from '../lib/query-client.ts';
import { clearSession } from '../lib/session.ts';
import { endApiTest, startApiServer, stopApiServer } from './api-server.ts';

// findBy and waitFor wait up to 5 s, not Testing Library's 1 s: dialogs, charts and number inputs
// are lazily loaded (decision 040), and their first import is slow on a busy 2-core machine. A
// test that waits for something that never comes still fails.
configure({ asyncUtilTimeout: 5_000 });

// A matchMedia that matches no query, whatever the test DOM: the tests are written for it (happy-dom
// would answer for its 1024×768 window, and jsdom has none).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// Layout and scrolling calls Mantine makes, as no-ops: jsdom lacks them, happy-dom has them as
// no-ops (ResizeObserver, scrollIntoView) or scrolls without layout (scrollTo).
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => undefined;
window.HTMLElement.prototype.scrollTo = () => undefined;
// Mantine's autosize Textarea listens for web fonts loading (neither test DOM has document.fonts).
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
  });
}

// happy-dom has no window.alert (jsdom's only reports it is not implemented); the tests that expect
// one spy on it (vi.spyOn(window, 'alert')).
if (typeof window.alert !== 'function') window.alert = () => undefined;

// Every test talks to one fake API (test/api-server.ts).
beforeAll(startApiServer);
afterAll(stopApiServer);

afterEach(async () => {
  cleanup();
  if (vi.isFakeTimers()) vi.runOnlyPendingTimers();
  vi.useRealTimers();
  try {
    // What an unmount put off by a task (lib/use-release-on-leave.ts lets go of a held item) goes
    // out now, to this test's answers, not into the next test's; a call it did not answer fails it.
    await endApiTest();
  } finally {
    clearSession();
    clearFlashes();
    queryClient.clear();
    setUnauthorizedHandler(null);
    vi.unstubAllGlobals();
  }
});
