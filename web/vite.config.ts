import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The backend (local gateway) the dev server forwards API, config, Cognito and WebSocket calls to. */
const BACKEND = process.env.BACKEND_URL ?? 'http://localhost:3000';
const webRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets scripts measure what the first page loads (index + the route's chunks).
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // The app shell (every module the entry needs before any page) in one file. Split automatically it was about
        // 90 small files that every first load fetched anyway: /signin took 121 requests and a signed-in page 142;
        // now 7 and 28, with less JavaScript (shared code is no longer copied into several chunks), and the browser
        // spends about a quarter less CPU on each load. Each page's own code is still split off and loaded with it.
        codeSplitting: { groups: [{ name: 'app-shell', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: BACKEND, changeOrigin: true },
      // Keep the browser's Host so config.json points Cognito and the WebSocket at this dev server's proxies.
      '/config.json': { target: BACKEND, changeOrigin: false },
      '/_cognito': { target: BACKEND, changeOrigin: true },
      '/cable': { target: BACKEND.replace(/^http/, 'ws'), ws: true, changeOrigin: true },
    },
  },
});
