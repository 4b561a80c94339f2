/**
 * The client build for the in-LINE (LIFF) browser test: the project's own config with the one import of
 * @line/liff (src/client/line/liff.ts) pointed at the fake. Everything else is the production build.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vite';
import base from '../../../vite.config.js';

export default mergeConfig(
  base,
  defineConfig({
    resolve: { alias: { '@line/liff': fileURLToPath(new URL('./fake-liff.ts', import.meta.url)) } },
  }),
);
