import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { pageBudget } from './build/budget.js';
import { pwaPrecache } from './build/pwa-precache.js';
import { precompress } from './build/precompress.js';

export default defineConfig({
  // pageBudget fails the build when a route set's first JavaScript outgrows its budget (issue 7);
  // precompress writes .br/.gz copies that the server sends to browsers accepting them.
  // pwaPrecache writes this build's files into the /pwa worker's precache list (docs/decisions/013), in
  // writeBundle, so before precompress (closeBundle) compresses the worker.
  plugins: [react(), pageBudget(), pwaPrecache(), precompress()],
  // The manifest lets `npm run bench` (bench/page-weight.ts) tell which files each route set loads first.
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: false, manifest: true },
  server: {
    // `npm run dev`: the API server runs beside Vite and Vite forwards to it.
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 8081}`, '/healthz': `http://localhost:${process.env.API_PORT ?? 8081}` },
  },
});
