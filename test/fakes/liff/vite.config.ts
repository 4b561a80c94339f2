/**
 * The client build for the in-LINE (LIFF) browser test: the project's own config with the one import of
 * the SDK (src/client/line/liff.ts → ./liff-sdk.js) pointed at the fake. Everything else is the production build.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vite';
import base from '../../../vite.config.js';

export default mergeConfig(
  base,
  defineConfig({
    // The SDK module (src/client/line/liff-sdk.ts: LINE's pluggable core and its modules) as one import.
    resolve: { alias: [{ find: /^\.\/liff-sdk\.js$/, replacement: fileURLToPath(new URL('./fake-liff.ts', import.meta.url)) }] },
  }),
);
