/**
 * Builds the client into `outDir` once per test run, whichever test worker asks first; the others wait.
 * A directory created with mkdir is the lock (atomic across processes).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function ensureClientBuilt(outDir: string): Promise<void> {
  const root = dirname(outDir);
  // A directory someone built on purpose (e.g. a build with a faked SDK) is used as it is.
  if (existsSync(join(outDir, 'index.html')) && !existsSync(join(root, 'build-lock'))) return;
  const done = join(root, 'build-done');
  const failed = join(root, 'build-failed');
  let owner = false;
  try {
    mkdirSync(join(root, 'build-lock'));
    owner = true;
  } catch {
    // another worker is building
  }
  if (owner) {
    try {
      // Vitest sets NODE_ENV=test, which would bundle React's development build: browser tests must
      // exercise what `npm start` serves, so the build gets a production environment of its own.
      await run('npx', ['vite', 'build', '--mode', 'production', '--logLevel', 'error', '--outDir', outDir, '--emptyOutDir'], {
        maxBuffer: 16 * 1024 * 1024,
        env: { ...process.env, NODE_ENV: 'production' },
      });
      writeFileSync(done, '');
    } catch (err) {
      const e = err as { stderr?: string; message: string };
      writeFileSync(failed, e.stderr || e.message);
    }
  }
  while (!existsSync(done) && !existsSync(failed)) await new Promise((r) => setTimeout(r, 100));
  if (existsSync(failed)) throw new Error(`client build failed:\n${readFileSync(failed, 'utf8')}`);
}
