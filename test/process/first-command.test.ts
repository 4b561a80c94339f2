/**
 * `npm test` works as the first command on a fresh clone: it installs the locked dependencies itself (as
 * `npm start` does), passes its arguments on to vitest and ends with the summary line. A real `git clone`
 * of this commit and a real `npm ci`, so it takes a minute or more: the one test of its kind.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { REPO } from './process-support.js';

const git = (args: string[], cwd: string) => promisify(execFile)('git', args, { cwd });
const clone = mkdtempSync(join(tmpdir(), 'cq-clone-'));
afterAll(() => rmSync(clone, { recursive: true, force: true }));

function npmTest(cwd: string, args: string[]): Promise<{ code: number | null; output: string }> {
  // Not a worker of this run: vitest's own variables would change how the nested run behaves.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'NODE_ENV'));
  return new Promise((resolve) => {
    const child = spawn('npm', ['test', '--', ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

it('installs what is missing, then runs the tests it is given', { timeout: 15 * 60_000 }, async () => {
  // This commit, as a clinic's IT person would get it: no node_modules, no build.
  const { stdout: head } = await git(['rev-parse', 'HEAD'], REPO);
  await git(['clone', '--quiet', '--no-checkout', REPO, clone], tmpdir());
  await git(['checkout', '--quiet', head.trim()], clone);
  expect(existsSync(join(clone, 'node_modules'))).toBe(false);

  const run = await npmTest(clone, ['src/shared/time/tokyo.test.ts']);
  expect(run.code, run.output).toBe(0);
  expect(run.output).toContain('installing dependencies');
  expect(run.output).toContain('src/shared/time/tokyo.test.ts');
  const lines = run.output.split('\n').filter((line) => line.trim() !== '');
  expect(lines.at(-1)).toMatch(/^[1-9]\d* passed, 0 failed$/);
  expect(existsSync(join(clone, 'node_modules', '.bin', 'vitest'))).toBe(true);

  // Installed now: a second run installs nothing, and vitest's failure is the command's.
  const again = await npmTest(clone, ['no-such-test-file']);
  expect(again.output).not.toContain('installing dependencies');
  expect(again.output).toContain('No test files found');
  expect(again.code, again.output).toBe(1);
});
