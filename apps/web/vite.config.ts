import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

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
  // No manual chunks: the bundler splits by what each route imports, so /login loads only what it
  // renders, and the workspace, the other screens and their libraries come with their lazy routes.
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
  },
}));
