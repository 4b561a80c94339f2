/**
 * The server process. The built server (`npm start`) is one CommonJS bundle, dist/server/serve.cjs, loaded
 * through V8's code cache (boot/code-cache.ts, decision 029); from the sources (tests, `npm run dev`) the
 * same serve.ts runs directly.
 */
import { loadBundle } from './boot/code-cache.js';
import { fileURLToPath } from 'node:url';

type Serve = typeof import('./serve.js').serve;

const bundle = loadBundle(fileURLToPath(new URL('./serve.cjs', import.meta.url)));
if (bundle) {
  await (bundle.exports.serve as Serve)(bundle.status);
  bundle.keepCache();
} else {
  const { serve } = await import('./serve.js');
  await serve('sources');
}
