import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    // happy-dom, not jsdom: the same tests for about a third less CPU (see src/test/setup.ts for
    // what it lacks).
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Test files share their worker's module cache (React, Mantine, the app load once per worker);
    // setup.ts still runs per file, and Testing Library unmounts and clears the page after each test.
    isolate: false,
    // A screen's first render imports its lazily loaded parts (charts, number inputs, editors,
    // decision 040), which on a busy 2-core machine takes more than vitest's default 5 s.
    testTimeout: 60_000,
  },
});
