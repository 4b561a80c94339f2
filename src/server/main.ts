/**
 * The server process. The built server (`npm start`) is one CommonJS bundle, dist/server/serve.cjs, loaded
 * through V8's code cache (boot/code-cache.ts, decision 029); from the sources (tests, `npm run dev`) the
 * same serve.ts runs directly.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBundle } from './boot/code-cache.js';
import { DEFAULT_DATA_DIR } from './boot/data-dir.js';

type Serve = typeof import('./serve.js').serve;

// Before anything else: DATA_DIR, where the code cache lives, may be set in .env.
try {
  process.loadEnvFile();
} catch {
  // no .env: the environment alone is fine
}
// In DATA_DIR, owner-only, not beside the bundle: compiled code another user could replace would run as
// this server (decision 046).
const cacheDir = join(process.env.DATA_DIR ?? DEFAULT_DATA_DIR, 'code-cache');
const bundle = loadBundle(fileURLToPath(new URL('./serve.cjs', import.meta.url)), cacheDir);
if (bundle) {
  await (bundle.exports.serve as Serve)(bundle.status);
  bundle.keepCache();
} else {
  const { serve } = await import('./serve.js');
  await serve('sources');
}
