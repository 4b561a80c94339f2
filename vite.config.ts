import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: false },
  server: {
    // `npm run dev`: the API server runs beside Vite and Vite forwards to it.
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 8081}`, '/healthz': `http://localhost:${process.env.API_PORT ?? 8081}` },
  },
});
