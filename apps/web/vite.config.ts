import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the API runs separately (apps/server on port 3000); in production the server
// serves this build and the API on one origin, so the client always calls a relative /internal/api.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  server: {
    proxy: {
      '/internal/api': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
              priority: 3,
            },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-number-format|clsx)/,
              priority: 2,
            },
            // The QR code library stays in the lazy enable-mfa chunk.
            { name: 'vendor', test: /node_modules[\\/](?!qrcode|dijkstrajs)/, priority: 1 },
          ],
        },
      },
    },
  },
});
