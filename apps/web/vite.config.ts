import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const inNodeModules = (...packages: string[]) =>
  new RegExp(`[\\\\/]node_modules[\\\\/](?:${packages.join('|')})[\\\\/]`);
// Mantine and the libraries under it.
const mantine = inNodeModules(
  '@mantine[\\\\/](?:core|hooks)',
  '@floating-ui',
  'react-remove-scroll(?:-bar)?',
  'react-style-singleton',
  'use-sidecar',
  'use-callback-ref',
  'get-nonce',
  'detect-node-es',
  'aria-hidden',
  'tslib',
  'clsx',
);
const appCode = (id: string) => !/[\\\\/]node_modules[\\\\/]/.test(id);

// The bundler splits by what each route imports, so /login loads only what it renders and every
// other screen comes with its lazy route (decision 022). Left at that, it made one small chunk per
// set of screens sharing a module, and a signed-in screen fetched 50 to 80 files (decision 040).
// These groups keep every screen under 40 files without making it load much it does not use:
// - boot: everything index.html needs (the sign-in page), in one file beside the entry;
// - data: zod and TanStack Query, which every signed-in screen calls the API through;
// - ui-common, app-common: the parts of Mantine used by 8 or more screens (or lazy parts: dialogs,
//   charts, the editor), and our own modules used by 6 or more, one chunk each;
// - ui: the rest of Mantine, one chunk per set of screens using it (entriesAware), sets under 5 kB
//   (before minifying) merged into their nearest neighbour.
// What only one screen uses stays in its chunk; heavy libraries (charts, editor, GraphiQL) stay with
// the lazy chunk that imports them.
const chunkGroups = [
  { name: 'boot', tags: ['$initial' as const], priority: 5 },
  { name: 'data', test: inNodeModules('zod', '@tanstack[\\\\/](?:query-core|react-query)'), priority: 4 },
  { name: 'ui-common', test: mantine, minShareCount: 8, priority: 3 },
  { name: 'ui', test: mantine, entriesAware: true, entriesAwareMergeThreshold: 5_000, priority: 2 },
  { name: 'app-common', test: appCode, minShareCount: 6, priority: 1 },
];

// In development the API runs separately (apps/server on port 3000); in production the server
// serves this build and the API on one origin, so the client always calls a relative /internal/api.
export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    // React Router 7's package exports only its development build (dev warnings, invariant messages);
    // the production build ships next to it (remix-run/react-router#12532, #14102).
    alias:
      command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(import.meta.resolve('react-router').replace('/development/', '/production/')),
            },
          ]
        : [],
  },
  server: {
    proxy: {
      '/internal/api': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
  },
}));
