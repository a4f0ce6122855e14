import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // A screen's first render imports its lazily loaded parts (charts, number inputs, editors,
    // decision 040), which on a busy 2-core machine takes more than vitest's default 5 s.
    testTimeout: 15_000,
  },
});
